// What is left before the receptionist is fully set, read from the rows themselves so each item ticks itself the moment
// the owner does it, on any device: the practitioners said (the one the account starts with is the owner, unnamed and
// offering nothing, so a name or a service on any of them counts), every practitioner's calendar connected (a revoked
// grant is no connection), an answer in the knowledge, a transfer number, the booking page on, and one Try call made.
import { sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { bookingPages, calendarConnections, callRoutes, calls, knowledgeEntries, practitioners } from "@/db/schema";
import { TRY_CALL_PREFIX } from "@/lib/receptionist/calls/try-calls";

export const CHECKLIST_ITEMS = ["practitioners", "calendars", "knowledge", "transfers", "bookingPage", "tryCall"] as const;
export type ChecklistItem = (typeof CHECKLIST_ITEMS)[number];
export type Checklist = Record<ChecklistItem, boolean>;

export async function checklistOf(db: Db, userId: string): Promise<Checklist> {
  const active = sql`${practitioners.userId} = ${userId} and ${practitioners.removedAt} is null`;
  const [row] = await db.execute<Record<ChecklistItem, boolean>>(sql`select
    exists (select 1 from ${practitioners} where ${active}
      and (${practitioners.name} is not null or jsonb_array_length(${practitioners.services}) > 0)) as "practitioners",
    not exists (select 1 from ${practitioners} where ${active} and not exists (
      select 1 from ${calendarConnections} cc where cc.practitioner_id = ${practitioners.id} and cc.revoked_at is null
    )) as "calendars",
    exists (select 1 from ${knowledgeEntries} where ${knowledgeEntries.userId} = ${userId}) as "knowledge",
    exists (select 1 from ${callRoutes} where ${callRoutes.userId} = ${userId}) as "transfers",
    exists (select 1 from ${bookingPages} where ${bookingPages.userId} = ${userId} and ${bookingPages.enabled}) as "bookingPage",
    exists (select 1 from ${calls} where ${calls.userId} = ${userId}
      and ${calls.providerCallId} like ${`${TRY_CALL_PREFIX}%`}) as "tryCall"`);
  return Object.fromEntries(CHECKLIST_ITEMS.map((k) => [k, row?.[k] === true])) as Checklist;
}
