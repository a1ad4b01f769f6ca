// The feed's iCalendar text (RFC 5545), written by ical-generator: CRLF lines folded at 75 octets without cutting a
// UTF-8 character, text escaped. Times are written in UTC (a "Z" time every calendar app reads the same way, with no
// VTIMEZONE to ship); the business's zone is named for the apps that show the calendar in it.
import ical, { ICalCalendarMethod } from "ical-generator";

export type FeedEvent = {
  uid: string;
  start: Date;
  end: Date;
  /** Bumped on each move: an app that kept an older copy replaces it. */
  sequence: number;
  lastModified: Date;
  summary: string;
  description: string;
};

export type FeedCalendar = {
  name: string;
  timeZone: string;
  /** When the feed was written: every event's DTSTAMP. */
  now: Date;
  events: FeedEvent[];
};

/**
 * How often apps should fetch the feed again. Google Calendar ignores it (it refreshes subscriptions on its own
 * schedule, often every 8 to 24 hours); Apple Calendar and Outlook honour it, within their own minimums.
 */
export const REFRESH_SECONDS = 15 * 60;

export function feedIcs(feed: FeedCalendar): string {
  const cal = ical({
    prodId: { company: "Recepta", product: "Calendar feed", language: "EN" },
    method: ICalCalendarMethod.PUBLISH,
    scale: "gregorian",
    // The library writes NAME and X-WR-CALNAME as given: escaped here like any other text value.
    name: escapeText(feed.name),
    ttl: REFRESH_SECONDS,
  });
  for (const e of feed.events) {
    cal.createEvent({
      id: e.uid,
      start: e.start,
      end: e.end,
      stamp: feed.now,
      sequence: e.sequence,
      lastModified: e.lastModified,
      summary: e.summary,
      description: e.description,
    });
  }
  return withTimeZoneName(cal.toString(), feed.timeZone);
}

/**
 * Names the business's zone among the calendar's properties, before its first event, and ends the last line with CRLF
 * like every other. Written here because the library's own zone option would also write the events in local time, and
 * its custom properties come after the events, where the grammar has none.
 */
function withTimeZoneName(ics: string, timeZone: string): string {
  const firstEvent = ics.indexOf("\r\nBEGIN:VEVENT\r\n");
  const at = firstEvent >= 0 ? firstEvent : ics.lastIndexOf("\r\nEND:VCALENDAR");
  const text = `${ics.slice(0, at)}\r\nX-WR-TIMEZONE:${escapeText(timeZone)}${ics.slice(at)}`;
  return text.endsWith("\r\n") ? text : `${text}\r\n`;
}

/** RFC 5545 TEXT: backslash, semicolon and comma escaped, line breaks as \n. */
export function escapeText(value: string): string {
  return value.replace(/[\\;,]/g, (c) => `\\${c}`).replace(/\r\n|\r|\n/g, "\\n");
}
