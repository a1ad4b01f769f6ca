// The appointments' change log (appointment_changes): one line per booking, move and cancellation, by source, and for
// the dashboard's and the API's changes who in the practice made them. The insights count it; the appointments list
// shows who last changed each one.
import { sql } from "drizzle-orm";
import type { WithSubqueryWithSelection } from "drizzle-orm/pg-core";
import { appointmentChanges, type appointments } from "@/db/schema";
import { NO_ACTOR, type ActorRecord } from "@/lib/accounts/audit/audit";
import { type BookingDeps, clock } from "./core";

/**
 * The changes log's line for the appointment a statement wrote (`changed`, a WITH query that returns it), as a second
 * WITH query of the same statement: one statement, so the count by source never disagrees with the appointments, and it
 * holds its locks no longer than the write alone would (a slot wanted by fifty callers at once is decided as fast). No
 * row written (a lost race): nothing logged.
 */
export function logOf(
  deps: BookingDeps,
  kind: (typeof appointmentChanges.$inferInsert)["kind"],
  source: (typeof appointmentChanges.$inferInsert)["source"],
  changed: WithSubqueryWithSelection<Pick<typeof appointments._.columns, "id" | "userId">, "changed">,
  by: ActorRecord = NO_ACTOR,
) {
  return deps.db.$with("logged").as(
    deps.db
      .insert(appointmentChanges)
      .select(
        deps.db
          // Every column, in the table's order (drizzle's insert … select asks it).
          .select({
            id: sql<string>`gen_random_uuid()`.as("id"),
            userId: changed.userId,
            appointmentId: changed.id,
            kind: sql<string>`${kind}`.as("kind"),
            source: sql<string>`${source}`.as("source"),
            actorUserId: sql<string | null>`${by.actorUserId}::uuid`.as("actor_user_id"),
            actorKeyId: sql<string | null>`${by.actorKeyId}::uuid`.as("actor_key_id"),
            actorName: sql<string | null>`${by.actorName}::text`.as("actor_name"),
            createdAt: sql<Date>`${clock(deps).toISOString()}::timestamptz`.as("created_at"),
          })
          .from(changed),
      )
      .returning({ id: appointmentChanges.id }),
  );
}
