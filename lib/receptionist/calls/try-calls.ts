// A Try call is the owner playing a caller on the Try page: a real conversation with their receptionist, in the call
// log, but never usage or billing (nobody called, no platform minute was spent). Its provider call id says so.
import { sql, type SQL } from "drizzle-orm";
import { calls } from "@/db/schema";

/** Every Try call's id starts with this, then the owner's id (lib/receptionist/simulator/try-call.ts). */
export const TRY_CALL_PREFIX = "try-";

/** SQL true for a call that is not a Try call (`alias`: the calls table's alias in a raw query). */
export function notTryCall(alias?: string): SQL {
  const column = alias ? sql.raw(`${alias}.provider_call_id`) : calls.providerCallId;
  return sql`${column} not like ${`${TRY_CALL_PREFIX}%`}`;
}

/**
 * SQL true for a call that counts in usage and its alerts: not a Try call, and not screened out (a blocked caller, spam,
 * a call with nothing said: calls.screening). Insights read the screening themselves (a silent call is still abandoned).
 */
export function countedCall(alias?: string): SQL {
  const screening = alias ? sql.raw(`${alias}.screening`) : calls.screening;
  return sql`${notTryCall(alias)} and ${screening} is null`;
}
