// Reads of one appointment for a caller, beside the commands that change them.
import { and, eq, inArray, or } from "drizzle-orm";
import { appointments } from "@/db/schema";
import type { Appointment, BookingDeps } from "./core";

/**
 * The appointment `id` of this business when it is cancelled and was booked with one of `phones` (or from one of them):
 * a second cancel of it is told it is done. Null for anything else, so no one learns of another caller's appointment.
 */
export async function cancelledForCaller(
  deps: Pick<BookingDeps, "db">,
  userId: string,
  id: string,
  phones: readonly string[],
): Promise<Appointment | null> {
  if (!phones.length) return null;
  const [row] = await deps.db
    .select()
    .from(appointments)
    .where(
      and(
        eq(appointments.id, id),
        eq(appointments.userId, userId),
        eq(appointments.status, "cancelled"),
        or(inArray(appointments.patientPhone, [...phones]), inArray(appointments.callerPhone, [...phones])),
      ),
    )
    .limit(1);
  return row ?? null;
}
