// Showing a stored phone number to someone. Shared by the server (emails) and the browser (dashboard), so it runs on
// libphonenumber-js's "min" metadata: formatting needs only the national prefixes and the format patterns, and the
// browser is spared the 150 kB of digit patterns that only validation uses (lib/platform/phone/phone.ts parses with "max").
import {
  getCountryCallingCode,
  isSupportedCountry,
  parsePhoneNumberFromString,
  type CountryCode,
  type PhoneNumber,
} from "libphonenumber-js/min";

export type { CountryCode };

/**
 * A stored number as its reader expects it: the national form ("06 98 76 54 32", "(212) 555-0142") when the number
 * belongs to the reader's country, the international form ("+33 6 98 76 54 32") otherwise. A reader's country is the
 * viewer's business's country. A value we cannot read (a number kept as typed before numbers were normalized) is shown
 * as stored, never hidden. Null and "" give "".
 */
export function formatPhone(value: string | null | undefined, viewerCountry?: string | null): string {
  if (!value) return "";
  const parsed = value.startsWith("+") ? parsePhoneNumberFromString(value) : undefined;
  if (!parsed) return value;
  return isDomestic(parsed, viewerCountry) ? parsed.formatNational() : parsed.formatInternational();
}

/** A `tel:` link target: always the E.164 number (dialling it works from any country), or null for a value we cannot read. */
export function phoneHref(value: string | null | undefined): string | null {
  if (!value) return null;
  const parsed = value.startsWith("+") ? parsePhoneNumberFromString(value) : undefined;
  return parsed ? `tel:${parsed.number}` : null;
}

function isDomestic(parsed: PhoneNumber, viewerCountry?: string | null): boolean {
  if (!viewerCountry || !isSupportedCountry(viewerCountry)) return false;
  if (parsed.country) return parsed.country === viewerCountry;
  // A number whose exact country the metadata cannot tell (fictional 555 numbers, ranges newer than the metadata) is
  // domestic when it shares the viewer's calling code: dialled from there, its national form works.
  return parsed.countryCallingCode === getCountryCallingCode(viewerCountry);
}
