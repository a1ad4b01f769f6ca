// What the closures service and the public holidays share: a closure row as the API sees it, and the appointments
// already booked inside one (the owner is told how many when a closure is added or a holiday closed again).
import { and, eq, gt, lt } from "drizzle-orm";
import type { Db } from "@/db/client";
import { appointments, closures } from "@/db/schema";
import { inClosure } from "@/lib/scheduling/availability/availability";
import { addDays, zonedWallTimeToUtc } from "@/lib/platform/time/zoned-time";
import type { Closure } from "./closures.responses";

export const closureColumns = {
  id: closures.id,
  practitionerId: closures.practitionerId,
  from: closures.startsOn,
  to: closures.endsOn,
  openTime: closures.openTime,
  closeTime: closures.closeTime,
  reason: closures.reason,
  source: closures.source,
};

/**
 * The booked appointments that fall inside a closure (on its days, outside its special hours if it has some): the
 * practitioner's, for theirs.
 */
export async function bookedInside(db: Pick<Db, "select">, userId: string, c: Closure, timeZone: string): Promise<number> {
  const from = zonedWallTimeToUtc(c.from, "00:00", timeZone);
  const to = zonedWallTimeToUtc(addDays(c.to, 1), "00:00", timeZone);
  if (!from || !to) return 0;
  const booked = await db
    .select({ startsAt: appointments.startsAt, endsAt: appointments.endsAt })
    .from(appointments)
    .where(
      and(
        eq(appointments.userId, userId),
        c.practitionerId ? eq(appointments.practitionerId, c.practitionerId) : undefined,
        eq(appointments.status, "booked"),
        lt(appointments.startsAt, to),
        gt(appointments.endsAt, from),
      ),
    );
  const hours = c.openTime && c.closeTime ? { isOpen: true, openTime: c.openTime, closeTime: c.closeTime } : null;
  const exception = [{ from: c.from, to: c.to, hours }];
  return booked.filter((a) => inClosure(exception, timeZone, a.startsAt, (a.endsAt.getTime() - a.startsAt.getTime()) / 60_000)).length;
}
