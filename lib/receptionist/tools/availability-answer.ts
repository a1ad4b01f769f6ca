// What the receptionist answers about free times, from the business's hours, closures and busy times: pure, so every
// answer can be checked without a database. The answer says what the caller must hear, whole:
// - a time that is free is said back with its day; one that is not says why when there is a reason a caller can act
//   on (closed that day and why, closed on that weekday every week, special hours, not open yet, closed by then);
// - a part of the day is the business's own: "this evening" at a practice that closes at 17:00 is "we close at 5:00 PM;
//   the latest I can offer that day is …", never "nothing free";
// - every time offered names its day (at most three times), and "nothing is free" is said only when the whole booking
//   horizon has nothing.
// Worked example (open Monday–Friday 09:00–18:00, Saturday 09:00–12:00, caller asks "Saturday at 3 PM"): "On Saturday,
// June 12 we close at 12:00 PM. The closest I can offer is Saturday, June 12 at 11:00 AM or 11:30 AM, or Monday, June 14
// at 9:00 AM."
import {
  durationFromSetting,
  freeSlotsAmong,
  nearestFreeAmong,
  type Interval,
  type Seat,
} from "@/lib/scheduling/availability/availability";
import { HORIZON_DAYS, openingOn, type Opening, type Weekday } from "@/lib/scheduling/booking/core";
import type { Business, CallLanguage } from "@/lib/accounts/business/business";
import type { ClosureRow } from "@/lib/accounts/business/tenant";
import type { WorkingHours } from "@/db/schema";
import { addDays, localDate, zonedWallTimeToUtc } from "@/lib/platform/time/zoned-time";
import { offerTimes, sentence, type ToolReply } from "./replies";
import { sayer, slotReference, speakAt, speakClock, speakDate, speakOnDay, speakSlot } from "../speech/speech";

export type PartOfDay = "morning" | "afternoon" | "evening";
export const PARTS_OF_DAY: readonly PartOfDay[] = ["morning", "afternoon", "evening"];

/**
 * The parts of a day, in local minutes, as the call's language divides it: in English and French the afternoon ends at
 * 17:00 and the evening ("after work", "en fin de journée") follows; in Spanish "la tarde" runs until 20:00, the hours
 * a Spanish practice keeps its afternoon shift, and "la noche" comes after. They are cut by the day's own hours: a
 * practice open 14:00–20:00 has no morning, one that closes at 17:00 no evening.
 */
const PART_MINUTES: Record<CallLanguage, Record<PartOfDay, [number, number]>> = {
  en: { morning: [0, 720], afternoon: [720, 1020], evening: [1020, 1440] },
  fr: { morning: [0, 720], afternoon: [720, 1020], evening: [1020, 1440] },
  es: { morning: [0, 720], afternoon: [720, 1200], evening: [1200, 1440] },
};

/** At most this many times in one answer: a caller remembers three. */
export const MAX_OFFERED = 3;

export type AvailabilityQuestion = { date: string | null; time: string | null; part: PartOfDay | null };

export type AvailabilityInput = {
  biz: Business;
  language: CallLanguage;
  now: Date;
  question: AvailabilityQuestion;
  /**
   * The practitioners the caller may see, each with their rules and busy times (our appointments and the calendar) known
   * over `known`; nothing outside it is offered. A time is free when one of them is free then.
   */
  seats: Seat[];
  known: { from: Date; to: Date };
};

const DAY_MS = 86_400_000;

/** The window of busy times an answer needs: two weeks after the asked day (or from now), and a few days before it. */
export function knownWindowFor(question: AvailabilityQuestion, now: Date, timeZone: string): { from: Date; to: Date } {
  const day = question.date ? dayStart(question.date, timeZone) : null;
  const from = day ? new Date(Math.max(now.getTime(), day.getTime() - 3 * DAY_MS)) : now;
  // 30 days from now: the view the call's start warmed (lib/scheduling/booking/busy-time.ts), so the first question reads no calendar.
  const to = new Date(Math.max(now.getTime() + 30 * DAY_MS, (day?.getTime() ?? 0) + 16 * DAY_MS));
  return { from, to: new Date(Math.min(to.getTime(), horizonEnd(now).getTime())) };
}

/** The last instant a slot can end in: the booking horizon, and a day for the slot's own length. */
export function horizonEnd(now: Date): Date {
  return new Date(now.getTime() + (HORIZON_DAYS + 1) * DAY_MS);
}

/**
 * The answer, or null when the busy times known do not reach far enough to say it (nothing found before `known.to`, and
 * the horizon goes on): the caller of this function reads the whole horizon and asks again.
 */
export function answerAvailability(input: AvailabilityInput): ToolReply | null {
  return new Answer(input).run();
}

/**
 * Why a start is not bookable, as a sentence for the caller (closed that day and why, closed that weekday, special
 * hours, not open yet, closed by then), or null when nothing but busy time stands in the way.
 */
export function whyNotBookable(biz: Business, language: CallLanguage, start: Date, week: WorkingHours = biz.workingHours): string | null {
  const ref = slotReference(start, biz.timeZone);
  return new Reasons(biz, language, week).whyNot(ref.slice(0, 10), ref.slice(11));
}

/**
 * The sentences that say why a day or a time is closed, in the call's language, on one week: the practice's, or the
 * practitioner's the caller is seeing.
 */
class Reasons {
  readonly say;
  readonly durationMinutes: number;

  constructor(
    readonly biz: Business,
    readonly language: CallLanguage,
    readonly week: WorkingHours,
  ) {
    this.say = sayer(language);
    this.durationMinutes = durationFromSetting(biz.appointmentDuration);
  }

  /** Why [time, time + duration) on `date` is outside the hours, or null when it is inside them. */
  whyNot(date: string, time: string): string | null {
    const opening = openingOn(this.biz, date, this.week);
    if (opening.kind === "closure") return this.closed(opening.closure);
    if (opening.kind === "weekly") return this.closedWeekly(opening.weekday);
    const minutes = toMinutes(time);
    const tooEarly = minutes < toMinutes(opening.open);
    if (!tooEarly && minutes + this.durationMinutes <= toMinutes(opening.close)) return null;
    if (opening.kind === "special") return this.special(date, opening);
    return tooEarly ? this.opensAt(date, opening.open) : this.closesAt(date, opening.close);
  }

  closed(c: ClosureRow): string {
    const because = c.reason ? ` (${c.reason})` : "";
    if (c.from === c.to) return this.line("availability.closedOn", { day: speakOnDay(c.from, this.language), because });
    return this.line("availability.closedFromTo", { from: speakDate(c.from, this.language), to: speakDate(c.to, this.language), because });
  }

  closedWeekly(weekday: Weekday): string {
    return this.line("availability.closedWeekly", { weekdays: this.say(`weekdaysPlural.${weekday}`) });
  }

  special(date: string, o: Extract<Opening, { kind: "special" }>): string {
    return this.line("availability.special", {
      day: speakOnDay(date, this.language),
      open: speakClock(o.open, this.language),
      close: speakClock(o.close, this.language),
      because: o.closure.reason ? ` (${o.closure.reason})` : "",
    });
  }

  opensAt(date: string, open: string): string {
    return this.line("availability.opensAt", { day: speakOnDay(date, this.language), at: speakAt([open], this.language) });
  }

  closesAt(date: string, close: string): string {
    return this.line("availability.closesAt", { day: speakOnDay(date, this.language), at: speakAt([close], this.language) });
  }

  full(date: string): string {
    return this.line("availability.full", { day: speakOnDay(date, this.language) });
  }

  partFull(date: string, part: PartOfDay): string {
    return this.line("availability.partFull", { day: speakOnDay(date, this.language), part: this.say(`parts.${part}`) });
  }

  line(key: string, params: Record<string, string | number>): string {
    return sentence(this.say(key, params));
  }
}

class Answer {
  private readonly words: Reasons;
  private readonly tz: string;
  private readonly seats: Seat[];
  private readonly week: WorkingHours;
  private readonly complete: boolean;

  constructor(private readonly i: AvailabilityInput) {
    // One practitioner's agenda is read on their week; several, on the practice's.
    this.week = i.seats.length === 1 ? i.seats[0]!.workingHours : i.biz.workingHours;
    this.words = new Reasons(i.biz, i.language, this.week);
    this.tz = i.biz.timeZone;
    const end = horizonEnd(i.now);
    this.complete = i.known.from.getTime() <= i.now.getTime() && i.known.to.getTime() >= end.getTime();
    // What lies outside the known window counts as busy: an answer never offers a time it knows nothing about.
    const unknown = [
      { start: new Date(0), end: i.known.from },
      { start: i.known.to, end: new Date(end.getTime() + DAY_MS) },
    ];
    this.seats = i.seats.map((seat) => ({ ...seat, busy: [...seat.busy, ...unknown] }));
  }

  run(): ToolReply | null {
    const { date, time, part } = this.i.question;
    if (date && time) return this.dateAndTime(date, time);
    if (date) return this.day(date, part && this.possible(part) ? part : null, part);
    return this.soon(part);
  }

  /** A date and a time: free, or why not, and the closest free times either side. */
  private dateAndTime(date: string, time: string): ToolReply | null {
    const start = zonedWallTimeToUtc(date, time, this.tz);
    if (!start) return null;
    const onDay = this.free(dayStart(date, this.tz), dayStart(addDays(date, 1), this.tz));
    if (onDay.some((s) => s.start.getTime() === start.getTime())) {
      const offered = offerTimes([start], this.i.language, this.tz);
      return { say: this.words.line("availability.free", { slot: speakSlot(start, this.i.language, this.tz) }), slots: offered.slots };
    }
    const why =
      this.words.whyNot(date, time) ?? this.words.line("availability.notFree", { slot: speakSlot(start, this.i.language, this.tz) });
    const near = nearestFreeAmong(this.seats, start, MAX_OFFERED);
    return near.length ? this.offer(why, "availability.closest", near) : this.nothing(why);
  }

  /**
   * A date, maybe a part of it (`part`: one the business can be open in; `asked`: what the caller said). A closed day
   * says so and offers the next open times; a part outside the day's hours says the hours and the day's times nearest
   * to it; a full day or part says so and offers the next ones.
   */
  private day(date: string, part: PartOfDay | null, asked: PartOfDay | null): ToolReply | null {
    const opening = openingOn(this.i.biz, date, this.week);
    const after = dayStart(addDays(date, 1), this.tz);
    if (opening.kind === "closure") return this.nextAfter(this.words.closed(opening.closure), after, part);
    if (opening.kind === "weekly") return this.nextAfter(this.words.closedWeekly(opening.weekday), after, part);
    const onDay = this.free(dayStart(date, this.tz), after);
    const lead = opening.kind === "special" ? this.words.special(date, opening) : null;
    if (asked) {
      const [from, to] = PART_MINUTES[this.i.language][asked];
      const [open, close] = [toMinutes(opening.open), toMinutes(opening.close)];
      if (from >= close || to <= open) {
        const late = from >= close;
        const why = lead ?? (late ? this.words.closesAt(date, opening.close) : this.words.opensAt(date, opening.open));
        if (!onDay.length) return this.nextAfter(join(why, this.words.full(date)), after, null);
        return this.offer(
          why,
          late ? "availability.latest" : "availability.earliest",
          late ? onDay.slice(-MAX_OFFERED) : onDay.slice(0, MAX_OFFERED),
        );
      }
      const inPart = onDay.filter(this.inPart(asked));
      if (inPart.length) return this.offer(lead, "availability.onDay", inPart.slice(0, MAX_OFFERED));
      return this.nextAfter(join(lead, this.words.partFull(date, asked)), after, part);
    }
    if (onDay.length) return this.offer(lead, "availability.onDay", onDay.slice(0, MAX_OFFERED));
    return this.nextAfter(join(lead, this.words.full(date)), after, null);
  }

  /** No date: the next free times (in the part asked for). A part the business is never open in gets its hours said. */
  private soon(part: PartOfDay | null): ToolReply | null {
    if (part && !this.possible(part)) {
      const first = this.free(this.i.now, horizonEnd(this.i.now), 1)[0];
      if (!first) return this.nothing(null);
      const date = localDate(first.start, this.tz);
      return this.day(date, null, part);
    }
    return this.nextAfter(null, this.i.now, part);
  }

  /** The next free times from `after`: in the part when it has any, else any time; null to search the whole horizon. */
  private nextAfter(why: string | null, after: Date, part: PartOfDay | null): ToolReply | null {
    // The first times of the part are among the next few hundred slots in any week the business is open then; without a
    // part, the first three are all it takes.
    let later = this.free(after, horizonEnd(this.i.now), part ? 600 : MAX_OFFERED);
    if (part && later.length === 600 && !later.some(this.inPart(part))) later = this.free(after, horizonEnd(this.i.now));
    const wanted = part ? later.filter(this.inPart(part)) : later;
    if (wanted.length) return this.offer(why, "availability.next", wanted.slice(0, MAX_OFFERED));
    if (!this.complete) return null;
    if (!later.length) return this.nothing(why);
    const none = this.words.line("availability.partNone", { part: this.words.say(`parts.${part}`), days: HORIZON_DAYS });
    return this.offer(join(why, none), "availability.next", later.slice(0, MAX_OFFERED));
  }

  /** Whether some day of someone's week (or some special hours ahead) is open during that part of the day. */
  private possible(part: PartOfDay): boolean {
    const [from, to] = PART_MINUTES[this.i.language][part];
    const spans = [
      ...this.seats.flatMap((seat) => Object.values(seat.workingHours).map((h) => (h.isOpen ? [h.openTime, h.closeTime] : null))),
      ...this.i.biz.closures.map((c) => (c.openTime && c.closeTime ? [c.openTime, c.closeTime] : null)),
    ];
    return spans.some((span) => !!span && toMinutes(span[0]!) < to && toMinutes(span[1]!) > from);
  }

  private offer(why: string | null, key: string, slots: Interval[]): ToolReply {
    const offered = offerTimes(
      slots.map((s) => s.start),
      this.i.language,
      this.tz,
    );
    return { say: join(why, this.words.line(key, { offers: offered.words })), slots: offered.slots };
  }

  /** Nothing free before the horizon; null when the known busy times do not reach it yet. */
  private nothing(why: string | null): ToolReply | null {
    if (!this.complete) return null;
    return { say: join(why, this.words.line("availability.nothingFree", { days: HORIZON_DAYS })), slots: [] };
  }

  /** The free slots inside [from, to], earliest first: at most `limit`, when the answer needs only the first ones. */
  private free(from: Date, to: Date, limit?: number): Interval[] {
    return freeSlotsAmong(this.seats, from, to, limit);
  }

  private inPart(part: PartOfDay): (s: Interval) => boolean {
    const [from, to] = PART_MINUTES[this.i.language][part];
    return (s) => {
      const m = toMinutes(slotReference(s.start, this.tz).slice(11));
      return m >= from && m < to;
    };
  }
}

function dayStart(date: string, timeZone: string): Date {
  // A zone whose clocks skip midnight on a DST day (some do) starts that day at 01:00.
  return zonedWallTimeToUtc(date, "00:00", timeZone) ?? zonedWallTimeToUtc(date, "01:00", timeZone)!;
}

function toMinutes(hhmm: string): number {
  return Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
}

function join(...parts: (string | null)[]): string {
  return parts.filter(Boolean).join(" ");
}
