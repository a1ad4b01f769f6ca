// A calendar invitation (RFC 5545 content, RFC 5546 iTIP methods) attached to booking emails, so the caller's mail app
// offers "add to calendar" and a later update or cancellation with the same UID and a higher SEQUENCE replaces it.
import type { Attachment } from "@/lib/ports/messaging";

export type IcsMethod = "REQUEST" | "CANCEL";

export type IcsEvent = {
  /** Stable per appointment (e.g. "<appointment id>@recepta.app"): clients match updates and cancellations on it. */
  uid: string;
  /** 0 when booked, +1 on every change: a client ignores an update whose SEQUENCE is not higher than what it has. */
  sequence: number;
  method: IcsMethod;
  start: Date;
  end: Date;
  summary: string;
  description: string;
  location?: string | null;
  organizerName: string;
  organizerEmail: string;
  attendeeEmail?: string | null;
  /** DTSTAMP; the clock by default. */
  now?: Date;
};

const CRLF = "\r\n";
// RFC 5545 §3.1: "Lines of text SHOULD NOT be longer than 75 octets, excluding the line break."
const MAX_OCTETS = 75;

export function buildIcs(e: IcsEvent): string {
  if (!isValid(e.start) || !isValid(e.end)) throw new RangeError("buildIcs: invalid start or end");
  if (e.end.getTime() <= e.start.getTime()) throw new RangeError("buildIcs: end must be after start");
  if (!Number.isInteger(e.sequence) || e.sequence < 0) throw new RangeError("buildIcs: sequence must be a natural number");

  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Recepta//Appointments//EN",
    "CALSCALE:GREGORIAN",
    `METHOD:${e.method}`,
    "BEGIN:VEVENT",
    `UID:${escapeText(e.uid)}`,
    `SEQUENCE:${e.sequence}`,
    `DTSTAMP:${utc(e.now ?? new Date())}`,
    `DTSTART:${utc(e.start)}`,
    `DTEND:${utc(e.end)}`,
    `SUMMARY:${escapeText(e.summary)}`,
    `DESCRIPTION:${escapeText(e.description)}`,
    ...(e.location ? [`LOCATION:${escapeText(e.location)}`] : []),
    `ORGANIZER;CN=${paramValue(e.organizerName)}:mailto:${mailAddress(e.organizerEmail)}`,
    // RSVP=FALSE: nothing reads replies, so the client should not offer accept/decline buttons that go nowhere.
    ...(e.attendeeEmail ? [`ATTENDEE;ROLE=REQ-PARTICIPANT;PARTSTAT=NEEDS-ACTION;RSVP=FALSE:mailto:${mailAddress(e.attendeeEmail)}`] : []),
    `STATUS:${e.method === "CANCEL" ? "CANCELLED" : "CONFIRMED"}`,
    "TRANSP:OPAQUE",
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return lines.map(foldLine).join(CRLF) + CRLF;
}

/** The attachment for a booking email; `method` in the content type is what Outlook and Gmail read to show an invite. */
export function icsAttachment(ics: string, method: IcsMethod): Attachment {
  return {
    filename: method === "CANCEL" ? "cancel.ics" : "invite.ics",
    contentType: `text/calendar; charset=utf-8; method=${method}`,
    content: ics,
  };
}

/** RFC 5545 §3.3.11 TEXT: backslash, semicolon and comma escaped, any line break written as \n. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n|\r|\n/g, "\\n")
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, "");
}

/**
 * RFC 5545 §3.1: a line longer than 75 octets continues on the next line after CRLF + one space. Counted in UTF-8
 * octets and cut between code points only, so "é" (2 octets) or an emoji (4) is never split across lines.
 */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = "";
  let octets = 0;
  let limit = MAX_OCTETS;
  for (const ch of line) {
    const size = Buffer.byteLength(ch, "utf8");
    if (octets + size > limit) {
      parts.push(current);
      current = "";
      octets = 0;
      limit = MAX_OCTETS - 1; // the leading space of a continuation line counts
    }
    current += ch;
    octets += size;
  }
  parts.push(current);
  return parts.join(`${CRLF} `);
}

/** 2026-12-01T08:30:00.000Z → 20261201T083000Z (UTC "form #2"; no VTIMEZONE needed). */
function utc(d: Date): string {
  return d
    .toISOString()
    .replace(/\.\d{3}Z$/, "Z")
    .replace(/[-:]/g, "");
}

function isValid(d: Date): boolean {
  return d instanceof Date && !Number.isNaN(d.getTime());
}

// A parameter value may hold ":" and ";" only when quoted, and can never hold a double quote or a control character.
function paramValue(value: string): string {
  return `"${value.replace(/["\u0000-\u001f\u007f]/g, "").trim()}"`;
}

// An address goes after "mailto:" verbatim: whitespace and control characters would break (or inject) lines.
function mailAddress(value: string): string {
  return value.replace(/[\s\u0000-\u001f\u007f]/g, "");
}
