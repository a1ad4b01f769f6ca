// The stored facts countryOfBusiness reads (time zone, line, language), for code that has a user id, not a Business.
import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { phoneNumbers, users } from "@/db/schema";
import { countryOfBusiness, type CountryCode } from "@/lib/phone/phone";

/**
 * The default region for the numbers of a user's business; `changes` are settings being saved with the number (a
 * profile update that moves the business to another time zone reads its numbers there). Null for an unknown user.
 */
export async function businessCountryOf(db: Pick<Db, "select">, userId: string, changes: { timeZone?: string; locale?: string } = {}): Promise<CountryCode | null> {
  const [row] = await db
    .select({ timeZone: users.timeZone, locale: users.locale, line: phoneNumbers.phoneNumber })
    .from(users)
    .leftJoin(phoneNumbers, eq(phoneNumbers.assignedToUserId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) return null;
  return countryOfBusiness({ timeZone: changes.timeZone ?? row.timeZone, locale: changes.locale ?? row.locale, line: row.line });
}
