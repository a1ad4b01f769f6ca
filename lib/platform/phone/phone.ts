// Phone numbers, one module: every number we store is E.164 ("+33698765432"), read from whatever a person typed or
// said with the business's country as the default region, and shown back formatted for its reader (./format.ts).
//
// Parsing runs on libphonenumber-js's "max" metadata (server only): "min" knows each country's number lengths but not
// which digit ranges exist, and a number written without its country code is a guess at the country that only those
// ranges can check ("0698765432" typed at a New York business is ten digits, the length of a US number, but no US
// number starts with 0). The browser only formats, on "min" (./format.ts).
import {
  getCountryCallingCode,
  getExampleNumber,
  isSupportedCountry,
  parsePhoneNumberFromString,
  parsePhoneNumberWithError,
  ParseError,
  validatePhoneNumberLength,
  type CountryCode,
} from "libphonenumber-js/max";
import examples from "libphonenumber-js/mobile/examples";
import { AppError } from "@/lib/platform/errors";
import { TIME_ZONES_BY_COUNTRY } from "./time-zone-countries";
import { keyParam } from "@/lib/platform/message-param";

export { formatPhone, phoneHref } from "./format";
export type { CountryCode };

/** Why a number could not be read. */
export type PhoneFailure =
  /** Nothing but blanks. */
  | "empty"
  /** Not a number at all ("12ab", "call me"). */
  | "not_a_number"
  /** Written without a country code and no default region to read it with, or an unknown country code ("+0…"). */
  | "unknown_country"
  | "too_short"
  | "too_long"
  /** The right length for no number of that country, or (national form) digits no number of the region starts with. */
  | "invalid";

export type ParsedPhone = { ok: true; e164: string; country: CountryCode | null } | { ok: false; reason: PhoneFailure };

const MAX_INPUT = 64;
const E164 = /^\+[1-9]\d{1,14}$/;

/**
 * Reads a number as a person writes or says it: "06 98 76 54 32", "+33 6 98 76 54 32", "0033 6 98…", "(212) 555-0142",
 * "+1 212-555-0142", "tel:+33…". `defaultRegion` (the business's country) reads a number written without its country
 * code. A number given in international form is taken when its length fits its country (its exact range is the
 * carrier's call: fictional and brand-new ranges stay usable); one given in national form must also be a number that
 * exists in the region, since the region was our guess. An extension is dropped (E.164 has none).
 */
export function parsePhone(input: unknown, defaultRegion?: string | null): ParsedPhone {
  if (typeof input !== "string" && typeof input !== "number") return { ok: false, reason: "empty" };
  const text = String(input).trim().replace(/^tel:/i, "");
  if (!text) return { ok: false, reason: "empty" };
  if (text.length > MAX_INPUT) return { ok: false, reason: "too_long" };
  const region = defaultRegion && isSupportedCountry(defaultRegion) ? defaultRegion : undefined;
  const first = attempt(text, region);
  // "00" is the international prefix nearly everywhere but the region's own may differ (011 in the US): "0033…" typed
  // at a US business, or with no region at all, is still a French number.
  if (!first.ok && /^\s*00/.test(text)) {
    const retry = attempt(`+${text.replace(/^\s*00/, "")}`, region);
    if (retry.ok) return retry;
  }
  return first;
}

function attempt(text: string, region: CountryCode | undefined): ParsedPhone {
  let parsed;
  try {
    // The whole text must be the number: "06 98 76 54 3a" is no number, not "0698765 43" with a letter left over.
    parsed = parsePhoneNumberWithError(text, { defaultCountry: region, extract: false });
  } catch (e) {
    if (e instanceof ParseError) return { ok: false, reason: failureOf(e.message) };
    throw e;
  }
  if (!parsed.isPossible())
    return { ok: false, reason: failureOf(validatePhoneNumberLength(text, { defaultCountry: region }) ?? "INVALID_LENGTH") };
  // Read with the region's country code although the text had none: the region was a guess, so the number must exist.
  const guessed = !!region && !/^\s*(\+|00)/.test(text) && parsed.countryCallingCode === getCountryCallingCode(region);
  if (guessed && !parsed.isValid() && !isFictional(parsed.number)) return { ok: false, reason: "invalid" };
  return { ok: true, e164: parsed.number, country: parsed.country ?? null };
}

// Ranges set aside for fiction, which libphonenumber's metadata does not list as existing: the French regulator's mobile
// block (06 39 98 xx xx, the demo data's and the Try page's callers) and Ofcom's UK mobile block for drama (07700 900000
// to 900999, the sandbox pool's UK mobiles). A number the app shows is one it takes back when typed the way it is shown.
const FICTIONAL = [/^\+3363998\d{4}$/, /^\+447700900\d{3}$/];

export function isFictional(e164: string): boolean {
  return FICTIONAL.some((range) => range.test(e164));
}

/**
 * Whether a number (E.164) is a mobile: what a caller gives for texts. The fictional mobile blocks above count as
 * mobiles; a number a country's plan does not say is a mobile does not.
 */
export function isMobile(e164: string): boolean {
  if (isFictional(e164)) return true;
  const type = parsePhoneNumberWithError(e164).getType();
  return type === "MOBILE" || type === "FIXED_LINE_OR_MOBILE";
}

function failureOf(code: string): PhoneFailure {
  switch (code) {
    case "NOT_A_NUMBER":
      return "not_a_number";
    case "INVALID_COUNTRY":
      return "unknown_country";
    case "TOO_SHORT":
      return "too_short";
    case "TOO_LONG":
      return "too_long";
    default:
      return "invalid";
  }
}

/** The number in E.164, or null when it cannot be read (see parsePhone). */
export function toE164(input: unknown, defaultRegion?: string | null): string | null {
  const parsed = parsePhone(input, defaultRegion);
  return parsed.ok ? parsed.e164 : null;
}

/**
 * A number exactly as we store it and as Telnyx takes it: "+", a country code and the national number, digits only,
 * at most 15 (ITU E.164), in its canonical form ("+330698…" with the national 0 kept is not).
 */
export function isE164(value: unknown): value is string {
  if (typeof value !== "string" || !E164.test(value)) return false;
  const parsed = parsePhone(value);
  return parsed.ok && parsed.e164 === value;
}

/** The country of a number in international form, or null. */
export function countryOfPhone(value: string | null | undefined): CountryCode | null {
  if (!value) return null;
  const parsed = parsePhone(value);
  return parsed.ok ? parsed.country : null;
}

/**
 * The country a text's recipient dials from, read from their number (E.164), for writing other numbers to them: their
 * number's country. A number whose exact country the metadata cannot tell (the UK's fictional 07700 900xxx, a range newer
 * than the metadata) is `home`'s when it shares home's calling code, else of no country we know: null, and every number
 * is then written in international form ("+33 1 99 00 01 00"), which dials from anywhere. No number: `home`.
 */
export function readerCountry(phone: string | null | undefined, home: CountryCode): CountryCode | null {
  const parsed = phone?.startsWith("+") ? parsePhoneNumberFromString(phone) : undefined;
  if (!parsed) return home;
  if (parsed.country) return parsed.country;
  return parsed.countryCallingCode === getCountryCallingCode(home) ? home : null;
}

let zoneCountries: Map<string, string> | null = null;

/** The country of an IANA time zone ("Europe/Paris" → "FR", "US/Eastern" → "US"), or null ("UTC", "Etc/GMT+2"). */
export function countryOfTimeZone(timeZone: string | null | undefined): CountryCode | null {
  if (!timeZone) return null;
  if (!zoneCountries) {
    zoneCountries = new Map();
    for (const [country, zones] of Object.entries(TIME_ZONES_BY_COUNTRY))
      for (const zone of zones.split(" ")) zoneCountries.set(zone, country);
  }
  const country = zoneCountries.get(timeZone);
  return country && isSupportedCountry(country) ? country : null;
}

const LOCALE_COUNTRY: Record<string, CountryCode> = { en: "US", fr: "FR", es: "ES" };

/**
 * The country a business's numbers are read in (the default region) and shown nationally for: its time zone's
 * country, else its line's, else its language's (fr → FR, es → ES, en → US). The time zone comes first because it is
 * where the business is: a line is claimed from the pool by the country this returns, but an admin can assign one of
 * any country, while the owner's callers and the numbers the owner types are local to the business.
 */
export function countryOfBusiness(b: { timeZone?: string | null; line?: string | null; locale?: string | null }): CountryCode {
  return countryOfTimeZone(b.timeZone) ?? countryOfPhone(b.line) ?? LOCALE_COUNTRY[b.locale ?? ""] ?? "US";
}

/** A number from a form or an API body in E.164; null for none; a translated 400 for one that cannot be read. */
export function requirePhone(input: string | null | undefined, region: string | null | undefined, field = "phone"): string | null {
  if (input === null || input === undefined || !input.trim()) return null;
  const parsed = parsePhone(input, region);
  if (parsed.ok) return parsed.e164;
  throw new AppError("bad_request", "Validation.phoneUnreadable", { field: keyParam(`Fields.${field}`), example: exampleFor(region) });
}

/** "+33 6 12 34 56 78": how a number of the region looks with its country code, for the error message. */
export function exampleFor(region: string | null | undefined): string {
  const country = region && isSupportedCountry(region) ? region : "US";
  return getExampleNumber(country, examples)?.formatInternational() ?? "+1 201 555 0123";
}

const EMERGENCY: Partial<Record<CountryCode, string>> = { FR: "15 / 112", ES: "112", US: "911", CA: "911", GB: "999 / 112" };

/**
 * The emergency number a caller should dial, from the business's country (where the caller almost always is): not from
 * the line, which can be a number from another country's pool.
 */
export function emergencyNumber(country: CountryCode | string | null): string {
  return (country && EMERGENCY[country as CountryCode]) || "112";
}
