// Whether the day of a refused booking has any free time left, so the refusal can say "Saturday, December 12 is fully
// booked" before the closest times (which are then on other days).
import type { Business } from "@/lib/accounts/business/business";
import { freeSlotsAmong } from "@/lib/scheduling/availability/availability";
import { agendaOf } from "@/lib/scheduling/booking/busy-time";
import { CalendarUnavailableError, type BookingDeps } from "@/lib/scheduling/booking/core";
import { addDays, localDate } from "@/lib/platform/time/zoned-time";
import { dayStart } from "./availability-answer";

/**
 * True when no time is free on the local day of `start` with these practitioners (all when `only` is unset), for the
 * service asked (its own length: a day full for an hour may have a free quarter of an hour). A calendar that cannot be
 * read says nothing: the day is not called full on a guess.
 */
export async function dayIsFull(
  deps: BookingDeps,
  biz: Business,
  start: Date,
  only?: readonly string[],
  service: string | null = null,
): Promise<boolean> {
  const date = localDate(start, biz.timeZone);
  const [from, to] = [dayStart(date, biz.timeZone), dayStart(addDays(date, 1), biz.timeZone)];
  try {
    const { seats } = await agendaOf(deps, biz, from, to, { only, service });
    return freeSlotsAmong(seats, from, to, 1).length === 0;
  } catch (e) {
    if (e instanceof CalendarUnavailableError) return false;
    throw e;
  }
}
