// What the receptionist answers about free times, from the business's hours, closures and busy times: pure, so every
// answer can be checked without a database. The answer says what the caller must hear, whole:
// - a time that is free is said back with its day; one that is not says why when there is a reason a caller can act
//   on (closed that day and why, closed on that weekday every week, special hours, not open yet, closed by then);
// - a day asked begins with its hours ("On Friday, December 11 we are open from 9:00 AM to 5:00 PM.", both stretches of a
//   day with a break), so "when do you close on Friday?" hears the closing time; a day with no free time says it is
//   fully booked, whatever was asked of it;
// - a time in a break, or running into one, hears the break and the first times after it: "On Thursday, June 10 we are
//   closed for lunch from 2:00 PM to 4:00 PM. I can offer Thursday, June 10 at 4:00 PM, 4:30 PM or 5:00 PM.";
// - a part of the day is the language's (parts-of-day.ts), cut to the business's hours: "this evening" at a practice
//   that closes at 17:00 is "we close at 5:00 PM; the latest I can offer that day is …", never "nothing free";
// - "the earliest" is said only of the first free time from now; times after a closed or full day are "the next free
//   times after that";
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
import { spokenHoliday } from "@/lib/scheduling/closures/holiday-calendar";
import type { Business, CallLanguage } from "@/lib/accounts/business/business";
import type { ClosureRow, PractitionerRow } from "@/lib/accounts/business/tenant";
import { dayRanges } from "@/lib/accounts/account/working-hours";
import { addDays, localDate, zonedWallTimeToUtc } from "@/lib/platform/time/zoned-time";
import { PART_MINUTES, type PartOfDay } from "./parts-of-day";
import { offerTimes, sentence, type ToolReply } from "./replies";
import { sayer, slotReference, speakAt, speakClock, speakDate, speakOnDay, speakSlot, speakSpans } from "../speech/speech";
import { personName } from "@/lib/platform/format/person-name";

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
  /** The practitioner the caller asked for: the seats are theirs, and the answer speaks of their week by name. */
  practitioner?: PractitionerRow;
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
 * hours, not open yet, closed by then), and that its day is fully booked when `dayFull` (no free time left on an open
 * day: a refused booking on a full Saturday says so before the closest times); null when nothing but busy time stands
 * in the way.
 */
export function whyNotBookable(
  biz: Business,
  language: CallLanguage,
  start: Date,
  asked?: PractitionerRow,
  dayFull = false,
): string | null {
  const ref = slotReference(start, biz.timeZone);
  const [date, time] = [ref.slice(0, 10), ref.slice(11)];
  const words = new Reasons(biz, language, asked);
  const closed = ["closure", "weekly"].includes(words.opening(date).kind);
  return join(words.whyNot(date, time), dayFull && !closed ? words.full(date) : null) || null;
}

/**
 * The sentences that say why a day or a time is closed, in the call's language: for the practice ("we are closed"), or
 * for the practitioner the caller asked for, on their week and days away, by name ("Dr Roux does not work on
 * Wednesdays"). A practice of one reads its only practitioner's week and says "we".
 */
class Reasons {
  readonly say;
  readonly durationMinutes: number;
  /** Whose week and days away: the practitioner asked for, or a practice's only one; none for the whole practice. */
  readonly p: PractitionerRow | undefined;
  /** The name said where the practice would say "we": the practitioner asked for's, in a practice of several. */
  readonly name: string | null;

  constructor(
    readonly biz: Business,
    readonly language: CallLanguage,
    asked?: PractitionerRow,
  ) {
    this.say = sayer(language);
    this.durationMinutes = durationFromSetting(biz.appointmentDuration);
    this.p = asked ?? (biz.practitioners.length === 1 ? biz.practitioners[0] : undefined);
    // As a sentence says it: "le Dr Roux ne travaille pas le mercredi", "el Dr. Patel no trabaja los miércoles".
    this.name = asked && biz.practitioners.length > 1 ? personName(asked.name, language) : null;
  }

  /** Why [time, time + duration) on `date` is outside the hours, or null when it is inside them. */
  whyNot(date: string, time: string): string | null {
    const opening = this.opening(date);
    if (opening.kind === "closure") return this.closed(opening.closure, opening.own);
    if (opening.kind === "weekly") return this.closedWeekly(opening.weekday);
    const minutes = toMinutes(time);
    const end = minutes + this.durationMinutes;
    const tooEarly = minutes < toMinutes(opening.open);
    if (opening.ranges.some((r) => toMinutes(r.open) <= minutes && end <= toMinutes(r.close))) return null;
    const pause = this.breakAt(opening, minutes, end);
    if (pause) return this.closedForBreak(date, pause);
    if (opening.kind === "special") return this.special(date, opening);
    return tooEarly ? this.opensAt(date, opening.open) : this.closesAt(date, opening.close);
  }

  /** The break that [minutes, end) starts in or runs into, if any: between two of the day's stretches. */
  breakAt(opening: Extract<Opening, { kind: "open" | "special" }>, minutes: number, end: number): { from: string; to: string } | null {
    for (let i = 1; i < opening.ranges.length; i++) {
      const [from, to] = [opening.ranges[i - 1]!.close, opening.ranges[i]!.open];
      if (minutes < toMinutes(to) && end > toMinutes(from)) return { from, to };
    }
    return null;
  }

  /**
   * "On Thursday, June 10 we are closed for lunch from 2:00 PM to 4:00 PM." A break starting between 11:00 and 15:00 is
   * lunch (12:00–14:00 in France, 14:00–16:00 in Spain); another is just a closed stretch.
   */
  closedForBreak(date: string, pause: { from: string; to: string }): string {
    const lunch = toMinutes(pause.from) >= 11 * 60 && toMinutes(pause.from) <= 15 * 60;
    const key = this.name ? "availability.awayBreak" : lunch ? "availability.closedLunch" : "availability.closedBreak";
    return this.line(key, {
      day: speakOnDay(date, this.language),
      from: speakClock(pause.from, this.language),
      to: speakClock(pause.to, this.language),
      name: this.name ?? "",
    });
  }

  opening(date: string): Opening {
    return openingOn(this.biz, date, this.p);
  }

  /** A closure: the practice's ("we are closed"), or the practitioner's own days away (`own`: "Dr Roux is away"). */
  closed(c: ClosureRow, own: boolean): string {
    const because = c.reason ? ` (${c.reason})` : "";
    const away = own && this.name !== null;
    const name = this.name ?? "";
    // A public holiday is named in the caller's language: "We are closed on Friday, December 25 for Christmas Day."
    const holiday = c.holiday && c.from === c.to && !away ? spokenHoliday(this.biz, c, this.language) : null;
    if (holiday) return this.line("availability.closedHoliday", { date: speakDate(c.from, this.language), holiday });
    if (c.from === c.to)
      return this.line(away ? "availability.awayOn" : "availability.closedOn", { day: speakOnDay(c.from, this.language), because, name });
    return this.line(away ? "availability.awayFromTo" : "availability.closedFromTo", {
      from: speakDate(c.from, this.language),
      to: speakDate(c.to, this.language),
      because,
      name,
    });
  }

  closedWeekly(weekday: Weekday): string {
    const weekdays = this.say(`weekdaysPlural.${weekday}`);
    if (this.name) return this.line("availability.offWeekly", { weekdays, name: this.name });
    return this.line("availability.closedWeekly", { weekdays });
  }

  special(date: string, o: Extract<Opening, { kind: "special" }>): string {
    // For the practitioner asked for, the hours are theirs that day (their own, or the practice's cut to their week).
    return this.line(this.name ? "availability.worksOnly" : "availability.special", {
      name: this.name ?? "",
      day: speakOnDay(date, this.language),
      spans: speakSpans(o.ranges, this.language),
      because: o.closure.reason ? ` (${o.closure.reason})` : "",
    });
  }

  opensAt(date: string, open: string): string {
    const words = { day: speakOnDay(date, this.language), at: speakAt([open], this.language), name: this.name ?? "" };
    return this.line(this.name ? "availability.startsAt" : "availability.opensAt", words);
  }

  closesAt(date: string, close: string): string {
    const words = { day: speakOnDay(date, this.language), at: speakAt([close], this.language), name: this.name ?? "" };
    return this.line(this.name ? "availability.finishesAt" : "availability.closesAt", words);
  }

  /**
   * The day's hours, one sentence: "On Friday, December 11 we are open from 9:00 AM to 5:00 PM." (or "… Dr Roux works
   * from …"; "from 9:00 AM to 2:00 PM and from 4:00 PM to 8:00 PM" around a break), with "but we are fully booked" when
   * `full`.
   */
  hours(date: string, ranges: { open: string; close: string }[], full = false): string {
    return this.line(`availability.${this.name ? "works" : "hours"}${full ? "Full" : ""}`, {
      day: speakOnDay(date, this.language),
      spans: speakSpans(ranges, this.language),
      name: this.name ?? "",
    });
  }

  /** "Saturday, December 12 is fully booked." */
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
  private readonly complete: boolean;
  /** The shortest appointment among the seats (a service's length with them): the latest start is that long before closing. */
  private readonly length: number;

  constructor(private readonly i: AvailabilityInput) {
    this.words = new Reasons(i.biz, i.language, i.practitioner);
    this.tz = i.biz.timeZone;
    this.length = i.seats.length ? Math.min(...i.seats.map((s) => s.durationMinutes)) : this.words.durationMinutes;
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

  /** A date and a time: free, or why not (closed, outside the hours, the day full), and the closest free times either side. */
  private dateAndTime(date: string, time: string): ToolReply | null {
    const start = zonedWallTimeToUtc(date, time, this.tz);
    if (!start) return null;
    const onDay = this.free(dayStart(date, this.tz), dayStart(addDays(date, 1), this.tz));
    if (onDay.some((s) => s.start.getTime() === start.getTime())) {
      const offered = offerTimes([start], this.i.language, this.tz);
      return { say: this.words.line("availability.free", { slot: speakSlot(start, this.i.language, this.tz) }), slots: offered.slots };
    }
    // A day the practice's week or closures close, yet someone works (their own week): busy, not closed.
    const opening = this.words.opening(date);
    const closed = opening.kind === "closure" || opening.kind === "weekly";
    const reason = closed && onDay.length ? null : this.words.whyNot(date, time);
    const full = !closed && !onDay.length ? this.words.full(date) : null;
    const why = join(reason, full) || this.words.line("availability.notFree", { slot: speakSlot(start, this.i.language, this.tz) });
    // In a break (or running into one): the first times after it that day, as a caller back from lunch would want.
    const minutes = toMinutes(time);
    const open = opening.kind === "open" || opening.kind === "special";
    const pause = open && reason ? this.words.breakAt(opening, minutes, minutes + this.words.durationMinutes) : null;
    const afterBreak = pause ? onDay.filter((s) => toMinutes(slotReference(s.start, this.tz).slice(11)) >= toMinutes(pause.to)) : [];
    if (afterBreak.length) return this.offer(why, "availability.onDay", afterBreak.slice(0, MAX_OFFERED));
    const near = nearestFreeAmong(this.seats, start, MAX_OFFERED);
    return near.length ? this.offer(why, "availability.closest", near) : this.nothing(why);
  }

  /**
   * A date, maybe a part of it (`part`: one the business can be open in; `asked`: what the caller said). An open day
   * begins with its hours (special hours as such). A closed day says so and offers the next open times; a part with no
   * start inside the day's hours says when the day opens or closes and gives the day's times nearest to it; a full day
   * or part says so and offers the next ones.
   */
  private day(date: string, part: PartOfDay | null, asked: PartOfDay | null): ToolReply | null {
    const opening = this.words.opening(date);
    const after = dayStart(addDays(date, 1), this.tz);
    if (opening.kind === "closure" || opening.kind === "weekly") {
      // Closed for the practice, yet someone works that day (their own week): their times, as on any day.
      const working = this.free(dayStart(date, this.tz), after);
      const inPart = asked ? working.filter(this.inPart(asked)) : working;
      if (working.length) return this.offer(null, "availability.onDay", (inPart.length ? inPart : working).slice(0, MAX_OFFERED));
    }
    if (opening.kind === "closure") return this.nextAfter(this.words.closed(opening.closure, opening.own), after, part);
    if (opening.kind === "weekly") return this.nextAfter(this.words.closedWeekly(opening.weekday), after, part);
    const onDay = this.free(dayStart(date, this.tz), after);
    const special = opening.kind === "special" ? this.words.special(date, opening) : null;
    const hours = special ?? this.words.hours(date, opening.ranges);
    // No time free: the hours and "fully booked" in one sentence (special hours keep their own).
    const full = special ? join(special, this.words.full(date)) : this.words.hours(date, opening.ranges, true);
    if (asked) {
      const [from, to] = PART_MINUTES[this.i.language][asked];
      const [open, close] = [toMinutes(opening.open), toMinutes(opening.close)];
      // No start of the part fits the day's hours (the last start is a slot's length before closing).
      if (from > close - this.length || to <= open) {
        const late = from > close - this.length;
        const why = special ?? (late ? this.words.closesAt(date, opening.close) : this.words.opensAt(date, opening.open));
        if (!onDay.length) return this.nextAfter(join(why, this.words.full(date)), after, null);
        return this.offer(
          why,
          late ? "availability.latest" : "availability.thatDay",
          late ? onDay.slice(-MAX_OFFERED) : onDay.slice(0, MAX_OFFERED),
        );
      }
      const inPart = onDay.filter(this.inPart(asked));
      if (inPart.length) return this.offer(hours, "availability.onDay", inPart.slice(0, MAX_OFFERED));
      if (!onDay.length) return this.nextAfter(full, after, part);
      return this.nextAfter(join(hours, this.words.partFull(date, asked)), after, part);
    }
    if (onDay.length) return this.offer(hours, "availability.onDay", onDay.slice(0, MAX_OFFERED));
    return this.nextAfter(full, after, null);
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
    if (wanted.length) return this.offerNext(why, part, wanted.slice(0, MAX_OFFERED));
    if (!this.complete) return null;
    if (!later.length) return this.nothing(why);
    const none = this.words.line("availability.partNone", { part: this.words.say(`parts.${part}`), days: HORIZON_DAYS });
    return this.offerNext(join(why, none), null, later.slice(0, MAX_OFFERED));
  }

  /**
   * The next free times, with the words that are true of them: "the earliest" only when the first is the first free time
   * from now (for whoever the caller asked for); after a closed or full day "the next free times after that"; for a
   * part with nothing said before, "the first times free in the afternoon".
   */
  private offerNext(why: string | null, part: PartOfDay | null, slots: Interval[]): ToolReply {
    if (this.firstFromNow(slots[0]!)) return this.offer(why, "availability.next", slots);
    if (why) return this.offer(why, "availability.after", slots);
    if (part) return this.offer(null, "availability.firstInPart", slots, { part: this.words.say(`parts.${part}`) });
    return this.offer(null, "availability.onDay", slots);
  }

  /** Whether no time is free between now and `slot`: only an answer that knows the busy times from now can tell. */
  private firstFromNow(slot: Interval): boolean {
    if (this.i.known.from.getTime() > this.i.now.getTime()) return false;
    return this.free(this.i.now, slot.end, 1)[0]?.start.getTime() === slot.start.getTime();
  }

  /** Whether an appointment can start during that part of the day on some day of someone's week (or special hours ahead). */
  private possible(part: PartOfDay): boolean {
    const [from, to] = PART_MINUTES[this.i.language][part];
    const length = this.length;
    const spans = [
      ...this.seats.flatMap((seat) =>
        Object.values(seat.workingHours).flatMap((h) =>
          dayRanges(h).map((r) => ({ open: r.openTime, close: r.closeTime, length: seat.durationMinutes })),
        ),
      ),
      ...this.i.biz.closures.map((c) => (c.openTime && c.closeTime ? { open: c.openTime, close: c.closeTime, length } : null)),
    ];
    return spans.some((span) => !!span && toMinutes(span.open) < to && toMinutes(span.close) - span.length >= from);
  }

  private offer(why: string | null, key: string, slots: Interval[], words: Record<string, string> = {}): ToolReply {
    const offered = offerTimes(
      slots.map((s) => s.start),
      this.i.language,
      this.tz,
    );
    return { say: join(why, this.words.line(key, { ...words, offers: offered.words, count: slots.length })), slots: offered.slots };
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

/** The first instant of a local day in the business's zone. */
export function dayStart(date: string, timeZone: string): Date {
  // A zone whose clocks skip midnight on a DST day (some do) starts that day at 01:00.
  return zonedWallTimeToUtc(date, "00:00", timeZone) ?? zonedWallTimeToUtc(date, "01:00", timeZone)!;
}

function toMinutes(hhmm: string): number {
  return Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
}

function join(...parts: (string | null)[]): string {
  return parts.filter(Boolean).join(" ");
}
