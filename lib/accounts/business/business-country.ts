// The country of a tenant's numbers (tenant.ts), for code that has a user id, not a Business.
import type { Db } from "@/db/client";
import { countryOfBusiness, type CountryCode } from "@/lib/platform/phone/phone";
import { servedCountries } from "@/lib/platform/phone/number-kinds";
import { tenantByOwner } from "./tenant";

/**
 * The default region for the numbers of a user's business; `changes` are settings being saved with the number (a
 * profile update that moves the business to another time zone reads its numbers there). Null for an unknown user.
 */
export async function businessCountryOf(
  db: Pick<Db, "select">,
  userId: string,
  changes: { timeZone?: string; locale?: string } = {},
): Promise<CountryCode | null> {
  const row = await tenantByOwner(db, userId);
  if (!row) return null;
  return countryOfBusiness({ timeZone: changes.timeZone ?? row.timeZone, locale: changes.locale ?? row.locale, line: row.line });
}

/**
 * What a number of a user's business is read and checked with: its country (the default region), the countries it
 * serves (its own first) and its owner's language; `changes` as for businessCountryOf. Null for an unknown user.
 */
export async function businessNumbersOf(
  db: Pick<Db, "select">,
  userId: string,
  changes: { timeZone?: string; locale?: string } = {},
): Promise<{ country: CountryCode; served: CountryCode[]; locale: string } | null> {
  const row = await tenantByOwner(db, userId);
  if (!row) return null;
  const b = { timeZone: changes.timeZone ?? row.timeZone, locale: changes.locale ?? row.locale, line: row.line };
  return { country: countryOfBusiness(b), served: servedCountries({ ...b, servedCountries: row.servedCountries }), locale: b.locale };
}
