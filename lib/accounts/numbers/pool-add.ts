// An administrator adds a number to the pool by hand (one bought at the provider outside the sync, or for a country
// the sync does not cover). The number is read in international form only: the pool serves every country, so there is
// no region to guess a national form with. It must be a line a person could call (libphonenumber's "max" ranges, as
// for any number we dial): a premium-rate, shared-cost, satellite or unallocated number is refused with its message.
import type { Db } from "@/db/client";
import { isUniqueViolation } from "@/db/errors";
import { auditLog, phoneNumbers } from "@/db/schema";
import { AppError } from "@/lib/platform/errors";
import { keyParam } from "@/lib/platform/message-param";
import { dialRefusal, numberRefused } from "@/lib/platform/phone/number-kinds";
import { countryOfPhone, exampleFor, parsePhone } from "@/lib/platform/phone/phone";
import type { PoolNumber } from "./numbers.service";

const FIELD = keyParam("Fields.phoneNumber");

/** The number in E.164 and its country, or the translated 400 saying what is wrong with what was typed. */
function readPoolNumber(typed: string): { e164: string; country: string } {
  const parsed = parsePhone(typed.trim().startsWith("+") || typed.trim().startsWith("00") ? typed : `+${typed.trim()}`);
  if (!parsed.ok) throw new AppError("bad_request", "Validation.phoneUnreadable", { field: FIELD, example: exampleFor("FR") });
  const country = countryOfPhone(parsed.e164) ?? parsed.country;
  // A number no country's plan lists (e.g. French 07 00…) has no country: nobody can dial it.
  if (!country) throw numberRefused("notAPerson", { field: FIELD, e164: parsed.e164 });
  const refusal = dialRefusal(parsed.e164, [country]);
  if (refusal) throw numberRefused(refusal, { field: FIELD, e164: parsed.e164 });
  return { e164: parsed.e164, country };
}

/**
 * Adds a free, active number of its own country to the pool. Two admins adding the same number race on the pool's
 * unique index: one row, and the other gets the 409 a number already in the pool gets.
 */
export async function addPoolNumber(db: Db, actorId: string, typed: string): Promise<PoolNumber> {
  const { e164, country } = readPoolNumber(typed);
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx.insert(phoneNumbers).values({ phoneNumber: e164, region: country }).returning({
        id: phoneNumbers.id,
        phoneNumber: phoneNumbers.phoneNumber,
        region: phoneNumbers.region,
        status: phoneNumbers.status,
        createdAt: phoneNumbers.createdAt,
        phoneNumberType: phoneNumbers.phoneNumberType,
      });
      await tx.insert(auditLog).values({
        actorUserId: actorId,
        action: "phone_number.add",
        targetType: "phone_number",
        targetId: row!.id,
        details: { phoneNumber: e164 },
      });
      return { ...row!, createdAt: row!.createdAt.toISOString(), isAssigned: false, assignedToUserId: null, assignedToUserName: null };
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw new AppError("conflict", "numberInPool");
    throw e;
  }
}
