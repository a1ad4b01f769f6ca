// What the availability answer's tests share: a business open Monday to Friday 09:00–17:00 and Saturday mornings, a
// fixed "now", and `ask`, which puts a question to the answer as a call would (the known window warmed at call start, or
// the whole horizon).
import type { Business, CallLanguage } from "@/lib/accounts/business/business";
import type { PractitionerRow } from "@/lib/accounts/business/tenant";
import type { WorkingHours } from "@/db/schema";
import { zonedWallTimeToUtc } from "@/lib/platform/time/zoned-time";
import { rules, rulesFor } from "@/lib/scheduling/booking/core";
import { answerAvailability, horizonEnd, knownWindowFor, type AvailabilityQuestion } from "./availability-answer";

export const open = (openTime: string, closeTime: string) => ({ isOpen: true, openTime, closeTime });
export const closed = { isOpen: false, openTime: "09:00", closeTime: "17:00" };
// Monday to Friday 09:00–17:00, Saturday mornings, closed on Sunday.
export const WEEK: WorkingHours = {
  monday: open("09:00", "17:00"),
  tuesday: open("09:00", "17:00"),
  wednesday: open("09:00", "17:00"),
  thursday: open("09:00", "17:00"),
  friday: open("09:00", "17:00"),
  saturday: open("09:00", "12:00"),
  sunday: closed,
};
// Tuesday 8 June 2027, 14:00 in Paris.
export const NOW = new Date("2027-06-08T12:00:00Z");

export function business(over: Partial<Business> = {}): Business {
  return {
    userId: "u",
    timeZone: "Europe/Paris",
    appointmentDuration: "30",
    workingHours: WEEK,
    closures: [],
    practitioners: [],
    ...over,
  } as Business;
}

/** A practitioner of the practice: their own week (none: the practice's), no calendar, no days away. */
export function practitioner(id: string, name: string, workingHours: WorkingHours | null = null): PractitionerRow {
  return { id, name, services: [], workingHours, calendar: null, closures: [] };
}

/**
 * The answer to a question, as a call gets it: the whole practice's agenda (one seat), or with `practitioner` the one
 * asked for (their seat, their name said in a practice of several).
 */
export function ask(
  question: Partial<AvailabilityQuestion>,
  o: {
    biz?: Business;
    language?: CallLanguage;
    busy?: { start: Date; end: Date }[];
    whole?: boolean;
    practitioner?: PractitionerRow;
  } = {},
) {
  const biz = o.biz ?? business();
  const q = { date: null, time: null, part: null, ...question };
  const known = o.whole ? { from: NOW, to: horizonEnd(NOW) } : knownWindowFor(q, NOW, biz.timeZone);
  const own = o.practitioner ? rulesFor(biz, o.practitioner, NOW) : rules(biz, NOW);
  const seats = [{ ...own, busy: o.busy ?? [] }];
  return answerAvailability({ biz, language: o.language ?? "en", now: NOW, question: q, seats, known, practitioner: o.practitioner });
}

export const at = (date: string, time: string) => zonedWallTimeToUtc(date, time, "Europe/Paris")!;
export const refs = (slots: { date: string; time: string }[] | undefined) => (slots ?? []).map((s) => `${s.date} ${s.time}`);
