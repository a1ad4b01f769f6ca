// iCalendar (RFC 5545) both ways for the CalDAV adapter: the busy intervals of the calendar objects a calendar-query
// answers, read with ical.js (VTIMEZONE, all-day dates, DURATION, recurrences and their exceptions, TRANSP and STATUS),
// and the text of the events we book, written here (UTC times, escaped, folded, CRLF).
import ICAL from "ical.js";
import { formatterFor, zoneOffsetMs } from "@/lib/platform/time/zoned-time";
import type { BusyInterval, CalendarEventInput } from "@/lib/ports/calendar";

/** A recurrence the server did not expand is walked from its first occurrence: bounded, and never read as free. */
const MAX_OCCURRENCES = 20_000;
const PRODID = "-//Recepta//Recepta Calendar//EN";

/** "20260316T090000Z": the form RFC 4791 time-range and expand take (UTC, basic format). */
export function utcBasic(d: Date): string {
  return `${d.toISOString().slice(0, 19).replace(/[-:]/g, "")}Z`;
}

/**
 * The busy intervals of one calendar object within [from, to), clipped to it. Times with a TZID are read through the
 * object's VTIMEZONE; floating times and all-day dates are the business's wall clock (or the TZID's IANA zone when the
 * object carries no VTIMEZONE for it). Cancelled and transparent ("free") events are not busy. A recurring event the
 * server did not expand is walked with its exceptions (RECURRENCE-ID overrides, EXDATE, RANGE=THISANDFUTURE).
 */
export function addBusy(ics: string, from: number, to: number, timeZone: string, out: BusyInterval[]): void {
  const parsed: unknown = ICAL.parse(ics);
  const roots = Array.isArray(parsed) && Array.isArray(parsed[0]) ? (parsed as unknown[]) : [parsed];
  for (const jcal of roots) {
    const vcal = new ICAL.Component(jcal as ConstructorParameters<typeof ICAL.Component>[0]);
    const masters = new Map<string, ICAL.Event>();
    const exceptions: ICAL.Event[] = [];
    for (const component of vcal.getAllSubcomponents("vevent")) {
      const event = new ICAL.Event(component);
      if (component.hasProperty("recurrence-id")) exceptions.push(event);
      else masters.set(event.uid, event);
    }
    const add = (item: ICAL.Event, start: ICAL.Time, end: ICAL.Time) => {
      if (!isBusy(item.component)) return;
      const zone = floatingZoneOf(item.component, timeZone);
      const s = Math.max(instantOf(start, zone), from);
      const e = Math.min(instantOf(end, zone), to);
      if (e > s) out.push({ start: new Date(s), end: new Date(e) });
    };
    for (const exception of exceptions) {
      const master = masters.get(exception.uid);
      if (master?.isRecurring()) master.relateException(exception);
    }
    for (const event of masters.values()) {
      if (!event.isRecurring()) {
        add(event, event.startDate, event.endDate);
        continue;
      }
      const zone = floatingZoneOf(event.component, timeZone);
      const iterator = event.iterator();
      for (let n = 0, next = iterator.next(); next; next = iterator.next(), n++) {
        if (n >= MAX_OCCURRENCES) throw new Error("recurrence too long");
        if (instantOf(next, zone) >= to) break;
        const details = event.getOccurrenceDetails(next);
        add(details.item, details.startDate, details.endDate);
      }
    }
    // Instances on their own: what the server expanded (each with its RECURRENCE-ID, no master), or an exception moved
    // into the range from an occurrence after it, which the walk above stopped before.
    for (const exception of exceptions) {
      const master = masters.get(exception.uid);
      if (!master?.isRecurring() || instantOf(exception.recurrenceId, floatingZoneOf(exception.component, timeZone)) >= to)
        add(exception, exception.startDate, exception.endDate);
    }
  }
}

function isBusy(component: ICAL.Component): boolean {
  const value = (name: string) => String(component.getFirstPropertyValue(name) ?? "").toUpperCase();
  return value("status") !== "CANCELLED" && value("transp") !== "TRANSPARENT";
}

/** The zone a floating time of this event is read in: its DTSTART's TZID when that is an IANA zone, else the business's. */
function floatingZoneOf(component: ICAL.Component, fallback: string): string {
  const tzid = component.getFirstProperty("dtstart")?.getParameter("tzid");
  if (typeof tzid !== "string") return fallback;
  try {
    formatterFor(tzid);
    return tzid;
  } catch {
    return fallback;
  }
}

/** The UTC instant (ms) of an iCalendar time: exact for UTC and VTIMEZONE times, else the wall clock in `zone`. */
function instantOf(t: ICAL.Time, zone: string): number {
  if (!t.isDate && t.zone && t.zone.tzid !== "floating") return t.toUnixTime() * 1000;
  const wall = Date.UTC(t.year, t.month - 1, t.day, t.isDate ? 0 : t.hour, t.isDate ? 0 : t.minute, t.isDate ? 0 : t.second);
  return wall - zoneOffsetMs(wall - zoneOffsetMs(wall, zone), zone);
}

/**
 * The event as iCalendar text (RFC 5545): times in UTC, lines ending in CRLF and folded at 75 octets. The attendee is
 * marked SCHEDULE-AGENT=CLIENT (RFC 6638 §7.1) so that no server sends the caller an invitation of its own: our
 * confirmations are sent by us. A one-hour reminder, as with Google.
 */
export function eventText(e: CalendarEventInput, now: Date): string {
  const attendee = e.attendeeEmail && /^[^\s"<>;:,\\@]{1,64}@[^\s"<>;:,\\@]{1,253}$/.test(e.attendeeEmail) ? e.attendeeEmail : null;
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    `PRODID:${PRODID}`,
    "CALSCALE:GREGORIAN",
    "BEGIN:VEVENT",
    `UID:${text(e.eventId)}`,
    `DTSTAMP:${utcBasic(now)}`,
    `DTSTART:${utcBasic(e.start)}`,
    `DTEND:${utcBasic(e.end)}`,
    `SUMMARY:${text(e.summary)}`,
    `DESCRIPTION:${text(e.description)}`,
    ...(attendee ? [`ATTENDEE;SCHEDULE-AGENT=CLIENT;ROLE=REQ-PARTICIPANT:mailto:${attendee}`] : []),
    "STATUS:CONFIRMED",
    "TRANSP:OPAQUE",
    "BEGIN:VALARM",
    "ACTION:DISPLAY",
    "TRIGGER:-PT1H",
    `DESCRIPTION:${text(e.summary)}`,
    "END:VALARM",
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return lines.map(fold).join("\r\n") + "\r\n";
}

/** A TEXT value (RFC 5545 §3.3.11): backslash, semicolon, comma and newlines escaped, other control characters dropped. */
function text(value: string): string {
  return value
    .replace(/[\\;,]/g, (c) => `\\${c}`)
    .replace(/\r\n|\r|\n/g, "\\n")
    .replace(/[\x00-\x08\x0a-\x1f\x7f]/g, "");
}

/** Folds a content line (RFC 5545 §3.1): at most 75 octets a line, continuation lines starting with a space. */
function fold(line: string): string {
  const parts: string[] = [];
  let current = "";
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char, "utf8");
    if (octets + size > 75) {
      parts.push(current);
      current = " ";
      octets = 1;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join("\r\n");
}
