// What the availability answer's tests share: a business open Monday to Friday 09:00–17:00 and Saturday mornings, a
// fixed "now", and `ask`, which puts a question to the answer as a call would (the known window warmed at call start, or
// the whole horizon).
import type { Business, CallLanguage } from "@/lib/accounts/business/business";
import type { WorkingHours } from "@/db/schema";
import { zonedWallTimeToUtc } from "@/lib/platform/time/zoned-time";
import { rules } from "@/lib/scheduling/booking/core";
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

export function ask(
  question: Partial<AvailabilityQuestion>,
  o: { biz?: Business; language?: CallLanguage; busy?: { start: Date; end: Date }[]; whole?: boolean } = {},
) {
  const biz = o.biz ?? business();
  const q = { date: null, time: null, part: null, ...question };
  const known = o.whole ? { from: NOW, to: horizonEnd(NOW) } : knownWindowFor(q, NOW, biz.timeZone);
  const seats = [{ ...rules(biz, NOW), busy: o.busy ?? [] }];
  return answerAvailability({ biz, language: o.language ?? "en", now: NOW, question: q, seats, known });
}

export const at = (date: string, time: string) => zonedWallTimeToUtc(date, time, "Europe/Paris")!;
export const refs = (slots: { date: string; time: string }[] | undefined) => (slots ?? []).map((s) => `${s.date} ${s.time}`);
