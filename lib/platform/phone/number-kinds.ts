// Which numbers we dial and text: numbers a person answers, in the countries the practice serves. A trial account needs
// no card, so a number typed into the routing, the owner's phone or a booking page is a way to make us pay for a call or
// a text; premium-rate, shared-cost and satellite ranges are how that pays the one who typed it (toll fraud, SMS
// pumping). The kind of a number comes from libphonenumber's "max" metadata (every range each country's plan
// publishes), server side only.
import {
  getCountryCallingCode,
  isSupportedCountry,
  parsePhoneNumberFromString,
  type CountryCode,
  type NumberType,
} from "libphonenumber-js/max";
import { AppError } from "@/lib/platform/errors";
import type { ParamValue } from "@/lib/platform/message-param";
import { countryOfBusiness, isFictional } from "./phone";

/**
 * Why a number is not dialled or texted; each has its message, `Validation.number<Refusal>` ("numberPremium").
 * - satellite: international networks and satellite phones (+870, +881, +882, +883), billed far above any country's;
 * - premium: premium rate or shared cost, where the caller pays the one called;
 * - uan: a company's one number for all its sites, often charged above a landline;
 * - personal: a "follow-me" number, forwarded wherever its holder wants, at their price;
 * - tollFree: freephone, paid by the one called, and no text reaches it;
 * - notAPerson: a pager, a voicemail box, or a range no country's plan lists;
 * - notServed: a number of a country the practice does not serve;
 * - notMobile (texts): a line that cannot receive a text (a landline where the country does not mix them with mobiles);
 * - ownLine (texts): the practice's own line, where a text would land back in its own inbox.
 */
export const NUMBER_REFUSALS = [
  "satellite",
  "premium",
  "uan",
  "personal",
  "tollFree",
  "notAPerson",
  "notServed",
  "notMobile",
  "ownLine",
] as const;
export type NumberRefusal = (typeof NUMBER_REFUSALS)[number];

// +870 Inmarsat, +881 global mobile satellite systems, +882 and +883 international networks: refused whatever the
// metadata says of them (+881 reads as a "mobile" there).
const INTERNATIONAL_NETWORKS = /^\+(870|881|882|883)/;

/** A line a person answers: mobiles, landlines, and the internet-phone landlines many small offices have (French 09). */
const DIALLED: ReadonlySet<Type> = new Set(["MOBILE", "FIXED_LINE", "FIXED_LINE_OR_MOBILE", "VOIP"]);
/**
 * A line that takes texts: mobiles, and "fixed line or mobile", which libphonenumber says only where the country's
 * plan mixes them in the same ranges (the US and Canada): there a text is tried, and a landline drops it.
 */
const TEXTED: ReadonlySet<Type> = new Set(["MOBILE", "FIXED_LINE_OR_MOBILE"]);

const REFUSED_TYPE: Partial<Record<Type, NumberRefusal>> = {
  PREMIUM_RATE: "premium",
  SHARED_COST: "premium",
  UAN: "uan",
  PERSONAL_NUMBER: "personal",
  TOLL_FREE: "tollFree",
};

type Type = NonNullable<NumberType>;
type Kind = { type: Type | undefined; country: CountryCode | null; callingCode: string };

function kindOf(e164: string): Kind | null {
  const parsed = parsePhoneNumberFromString(e164);
  if (!parsed) return null;
  // The fiction blocks (the demo's callers, the sandbox pool's UK mobiles) are mobiles of their country.
  if (isFictional(parsed.number)) return { type: "MOBILE", country: parsed.country ?? null, callingCode: parsed.countryCallingCode };
  return { type: parsed.getType(), country: parsed.country ?? null, callingCode: parsed.countryCallingCode };
}

function kindRefusal(e164: string, allowed: ReadonlySet<Type>, otherwise: NumberRefusal): NumberRefusal | null {
  if (INTERNATIONAL_NETWORKS.test(e164)) return "satellite";
  const kind = kindOf(e164);
  if (!kind || !kind.type) return "notAPerson";
  if (allowed.has(kind.type)) return null;
  return REFUSED_TYPE[kind.type] ?? otherwise;
}

/** The country a number is of, for the served-countries check: a fiction block's is the served country of its code. */
export function countryOfNumber(e164: string, served: readonly CountryCode[]): CountryCode | null {
  const kind = kindOf(e164);
  if (!kind) return null;
  return kind.country ?? served.find((c) => getCountryCallingCode(c) === kind.callingCode) ?? null;
}

/**
 * Why we would not dial this number (E.164) for a practice serving `served`; null when we would: a mobile, a landline
 * or an internet-phone line, of one of those countries.
 */
export function dialRefusal(e164: string, served: readonly CountryCode[]): NumberRefusal | null {
  const refusal = kindRefusal(e164, DIALLED, "notAPerson");
  if (refusal) return refusal;
  const country = countryOfNumber(e164, served);
  return country && served.includes(country) ? null : "notServed";
}

/** Why we would not text this number (E.164); null when it can take a text. Where it is is the sender's concern. */
export function textRefusal(e164: string): NumberRefusal | null {
  return kindRefusal(e164, TEXTED, "notMobile");
}

/**
 * The countries a practice serves: its own (countryOfBusiness: its time zone's, else its line's, else its language's)
 * first, then those its owner added. Unknown codes in the stored list are skipped.
 */
export function servedCountries(b: {
  timeZone?: string | null;
  line?: string | null;
  locale?: string | null;
  servedCountries?: readonly string[] | null;
}): CountryCode[] {
  const own = countryOfBusiness(b);
  const added = (b.servedCountries ?? []).filter((c): c is CountryCode => c !== own && isSupportedCountry(c));
  return [own, ...new Set(added)];
}

/** Whether a code is a country libphonenumber knows ("DE"), so one whose numbers can be read. */
export function isKnownCountry(code: string): code is CountryCode {
  return isSupportedCountry(code);
}

/** A country's name in a language ("Allemagne"), its code when the runtime has none. */
export function countryName(country: string, locale: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: "region" }).of(country) ?? country;
  } catch {
    return country;
  }
}

/**
 * The translated 400 for a refused number: `field` says whose (a person's name in a list, or `keyParam("Fields.phone")`), and a
 * number of a country not served names that country and the ones served, in `locale` (the owner's language).
 */
export function numberRefused(
  refusal: NumberRefusal,
  ctx: { field: ParamValue; e164: string; served?: readonly CountryCode[]; locale?: string },
): AppError {
  const key = `Validation.number${refusal[0]!.toUpperCase()}${refusal.slice(1)}`;
  if (refusal !== "notServed" || !ctx.served || !ctx.locale) return new AppError("bad_request", key, { field: ctx.field });
  const country = countryOfNumber(ctx.e164, ctx.served);
  const locale = ctx.locale;
  return new AppError("bad_request", key, {
    field: ctx.field,
    country: country ? countryName(country, locale) : "?",
    countries: ctx.served.map((c) => countryName(c, locale)).join(", "),
  });
}

/** A number the practice may dial (see dialRefusal), or the translated 400 saying what is wrong with it. */
export function requireDialable(e164: string, ctx: { field: ParamValue; served: readonly CountryCode[]; locale: string }): string {
  const refusal = dialRefusal(e164, ctx.served);
  if (refusal) throw numberRefused(refusal, { ...ctx, e164 });
  return e164;
}

/**
 * A number a visitor typed for a text (a booking code): one that can take a text and is none of the practice's own
 * lines (its line, its phone), or the translated 400 saying what is wrong with it.
 */
export function requireTextable(e164: string, ctx: { field: ParamValue; ownLines: readonly (string | null)[] }): string {
  const refusal = ctx.ownLines.includes(e164) ? "ownLine" : textRefusal(e164);
  if (refusal) throw numberRefused(refusal, { field: ctx.field, e164 });
  return e164;
}
