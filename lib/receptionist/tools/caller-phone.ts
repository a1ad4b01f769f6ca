// The phone number a tool is given, as a caller says it: read in the business's country, or in the country the caller
// named ("my UK mobile": the model passes `country`), the call's own once named. A national number that fits no number
// of the business's country is answered with what to ask ("Which country is that number from?"), not with "I did not
// get that": a UK mobile given as 07700 900123 at a US practice is a real number, read in the wrong country.
import { countryOfBusiness, isMobile, parsePhone, type CountryCode } from "@/lib/platform/phone/phone";
import { readCountry } from "@/lib/platform/phone/country-names";
import type { Say } from "../speech/speech";
import { settle, type ToolContext } from "./context";

export type PhoneReading = { phone: string | null } | { ask: string };

/** The number and the country it is from, as the model sent them (a tool's `phone` and `country` parameters). */
export type PhoneArgs = { phone?: string; country?: string };

/** The country the caller said this number is from, remembered for the rest of the call; null when none was said. */
async function countryNamed(ctx: ToolContext, args: PhoneArgs): Promise<CountryCode | null> {
  const named = readCountry(args.country);
  if (named && named !== ctx.memory.country) await settle(ctx, { country: named });
  return named;
}

/**
 * The number the caller gave (`phone`, with `country` when they named one), in E.164: remembered as where the
 * confirmation goes when `keep`. None given (or words without digits, "the same as this one"): the number given earlier
 * in the call when `keep`, else the caller ID. `{ ask }` is the sentence to say when it cannot be read.
 *
 * A national number is read in the country named with it, else the one named earlier in the call, else the business's:
 * one that fits only the business's country after a UK mobile earlier ("06 12 34 56 78" at a French practice) is read
 * there, and one that is a number of both ("551 234 5678" after a Mexican mobile, at a US practice) is asked about.
 * `mobile`: the number is for texts (a confirmation, a link), so only a mobile of another country makes the caller be
 * asked which country; a number to call back may be any line.
 */
export async function callerPhone(
  ctx: ToolContext,
  say: Say,
  args: PhoneArgs,
  opts: { keep: boolean; mobile: boolean },
): Promise<PhoneReading> {
  const raw = (args.phone ?? "").trim().slice(0, 40);
  const named = await countryNamed(ctx, args);
  if (!raw || !/\d/.test(raw)) return { phone: (opts.keep ? ctx.memory.phone : undefined) ?? ctx.callerNumber };
  const home = countryOfBusiness(ctx.biz);
  const earlier = (ctx.memory.country as CountryCode | undefined) ?? null;
  const regions = [...new Set([named ?? earlier ?? home, ...(named ? [] : [home])])];
  const readings = regions.map((region) => parsePhone(raw, region));
  const numbers = new Set(readings.flatMap((p) => (p.ok ? [p.e164] : [])));
  if (numbers.size > 1) return { ask: say("phoneWhichCountry") };
  const parsed = readings.find((p) => p.ok) ?? readings[0]!;
  if (parsed.ok) {
    if (opts.keep && parsed.e164 !== ctx.memory.phone) await settle(ctx, { phone: parsed.e164 });
    return { phone: parsed.e164 };
  }
  // Said in national form and no number here, but a number of a country callers often come from: the caller is asked
  // which country (the model passes it back as `country`), or for the number with its country code. Digits that make
  // no number anywhere likely (too few, a digit misheard) are asked again.
  const national = !/^\s*(\+|00)/.test(raw);
  if (national && !named && elsewhere(raw, home, opts.mobile)) return { ask: say("phoneWhichCountry") };
  return { ask: say("phoneUnreadable") };
}

// The countries a caller's phone most often comes from at a practice in Europe or North America.
const LIKELY: readonly CountryCode[] = [
  "GB",
  "IE",
  "FR",
  "BE",
  "CH",
  "LU",
  "DE",
  "NL",
  "ES",
  "PT",
  "IT",
  "US",
  "CA",
  "MX",
  "MA",
  "DZ",
  "TN",
];

/**
 * Whether the digits, said nationally, are a number (a mobile, when `mobile`) of a likely country other than `home`:
 * "07700 900123" is a UK mobile and "020 7123 4567" a London line, while "06 98 76" (a French mobile missing digits) is
 * a mobile nowhere, though some countries' plans take short landlines.
 */
function elsewhere(raw: string, home: CountryCode, mobile: boolean): boolean {
  return LIKELY.some((country) => {
    if (country === home) return false;
    const parsed = parsePhone(raw, country);
    return parsed.ok && (!mobile || isMobile(parsed.e164));
  });
}
