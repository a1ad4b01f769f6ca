import { describe, expect, it } from "vitest";
import { buildIcs, escapeText, foldLine, icsAttachment, type IcsEvent } from "./ics";

const base: IcsEvent = {
  uid: "appt-42@recepta.app",
  sequence: 0,
  method: "REQUEST",
  // 09:30–10:00 in Paris on a winter day (UTC+1).
  start: new Date("2026-12-01T08:30:00Z"),
  end: new Date("2026-12-01T09:00:00Z"),
  summary: "Appointment at Cabinet Dupont",
  description: "See you soon",
  location: "12 rue de la Paix, Paris",
  organizerName: "Cabinet Dupont",
  organizerEmail: "no-reply@recepta.app",
  attendeeEmail: "marie@example.com",
  now: new Date("2026-11-20T10:11:12.345Z"),
};

// Undo RFC 5545 folding: CRLF followed by one space joins the lines.
const unfold = (ics: string) => ics.replace(/\r\n /g, "");
const field = (ics: string, name: string) =>
  unfold(ics)
    .split("\r\n")
    .find((l) => l.startsWith(`${name}:`) || l.startsWith(`${name};`));

describe("buildIcs", () => {
  it("writes a REQUEST calendar with the event's fields and UTC times", () => {
    const ics = buildIcs(base);
    expect(ics.startsWith("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:")).toBe(true);
    expect(ics.endsWith("END:VEVENT\r\nEND:VCALENDAR\r\n")).toBe(true);
    expect(field(ics, "METHOD")).toBe("METHOD:REQUEST");
    expect(field(ics, "UID")).toBe("UID:appt-42@recepta.app");
    expect(field(ics, "SEQUENCE")).toBe("SEQUENCE:0");
    expect(field(ics, "DTSTAMP")).toBe("DTSTAMP:20261120T101112Z");
    expect(field(ics, "DTSTART")).toBe("DTSTART:20261201T083000Z");
    expect(field(ics, "DTEND")).toBe("DTEND:20261201T090000Z");
    expect(field(ics, "LOCATION")).toBe("LOCATION:12 rue de la Paix\\, Paris");
    expect(field(ics, "ORGANIZER")).toBe('ORGANIZER;CN="Cabinet Dupont":mailto:no-reply@recepta.app');
    expect(field(ics, "ATTENDEE")).toMatch(/^ATTENDEE;.*:mailto:marie@example\.com$/);
    expect(field(ics, "STATUS")).toBe("STATUS:CONFIRMED");
  });

  it("uses CRLF only: no bare LF anywhere", () => {
    const ics = buildIcs({ ...base, description: "line one\nline two\r\nline three" });
    expect(ics.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
    expect(field(ics, "DESCRIPTION")).toBe("DESCRIPTION:line one\\nline two\\nline three");
  });

  it("gives the same times whatever the process time zone (Date is an instant)", () => {
    const ics = buildIcs({ ...base, start: new Date(Date.UTC(2026, 2, 29, 0, 30)), end: new Date(Date.UTC(2026, 2, 29, 1, 30)) });
    expect(field(ics, "DTSTART")).toBe("DTSTART:20260329T003000Z");
    expect(field(ics, "DTEND")).toBe("DTEND:20260329T013000Z");
  });

  it("marks a CANCEL as cancelled and keeps the UID with a higher sequence", () => {
    const ics = buildIcs({ ...base, method: "CANCEL", sequence: 2 });
    expect(field(ics, "METHOD")).toBe("METHOD:CANCEL");
    expect(field(ics, "STATUS")).toBe("STATUS:CANCELLED");
    expect(field(ics, "SEQUENCE")).toBe("SEQUENCE:2");
    expect(field(ics, "UID")).toBe("UID:appt-42@recepta.app");
  });

  it("leaves out LOCATION and ATTENDEE when there are none", () => {
    const ics = buildIcs({ ...base, location: null, attendeeEmail: null });
    expect(field(ics, "LOCATION")).toBeUndefined();
    expect(field(ics, "ATTENDEE")).toBeUndefined();
  });

  it("cannot be split into extra properties through a name or an address", () => {
    const ics = buildIcs({ ...base, organizerName: 'Evil"\r\nATTENDEE:mailto:x@y', attendeeEmail: "a@b.c\r\nX-INJECTED:1" });
    const lines = unfold(ics).split("\r\n");
    expect(lines.filter((l) => l.startsWith("ATTENDEE"))).toHaveLength(1);
    expect(lines.some((l) => l.startsWith("X-INJECTED"))).toBe(false);
    expect(field(ics, "ORGANIZER")).toBe('ORGANIZER;CN="EvilATTENDEE:mailto:x@y":mailto:no-reply@recepta.app');
  });

  it("folds a long UTF-8 description at 75 octets without splitting a character", () => {
    const description = "Rendez-vous confirmé à l'hôpital — n'oubliez pas votre carte Vitale 🩺, merci; à bientôt. ".repeat(4);
    const ics = buildIcs({ ...base, description });
    const physical = ics.split("\r\n").filter(Boolean);
    for (const line of physical) {
      expect(Buffer.byteLength(line, "utf8")).toBeLessThanOrEqual(75);
      // A lone surrogate would mean the emoji was cut in two.
      expect(line).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/);
    }
    expect(physical.filter((l) => l.startsWith(" ")).length).toBeGreaterThan(3);
    expect(field(ics, "DESCRIPTION")).toBe(`DESCRIPTION:${escapeText(description)}`);
  });

  it("refuses an end before the start", () => {
    expect(() => buildIcs({ ...base, end: base.start })).toThrow(RangeError);
  });
});

describe("escapeText", () => {
  it("escapes backslash, semicolon, comma and line breaks", () => {
    expect(escapeText("a\\b;c,d\ne")).toBe("a\\\\b\\;c\\,d\\ne");
  });
});

describe("foldLine", () => {
  it("keeps a 75-octet line whole and folds the 76th octet", () => {
    expect(foldLine("x".repeat(75))).toBe("x".repeat(75));
    expect(foldLine("x".repeat(76))).toBe(`${"x".repeat(75)}\r\n x`);
  });

  it("moves a multi-byte character that would straddle the limit to the next line", () => {
    const folded = foldLine(`${"x".repeat(74)}é`);
    expect(folded).toBe(`${"x".repeat(74)}\r\n é`);
  });
});

describe("icsAttachment", () => {
  it("names the iTIP method in the content type", () => {
    expect(icsAttachment("X", "CANCEL")).toEqual({
      filename: "cancel.ics",
      contentType: "text/calendar; charset=utf-8; method=CANCEL",
      content: "X",
    });
  });
});
