import { describe, expect, it } from "vitest";
import { escapeText, feedIcs } from "./ics";

const event = (summary: string) => ({
  uid: "a1@app.example",
  start: new Date("2026-03-29T07:30:00Z"),
  end: new Date("2026-03-29T08:00:00Z"),
  sequence: 2,
  lastModified: new Date("2026-03-01T10:00:00Z"),
  summary,
  description: "Patient: Zoé\nReason: contrôle, détartrage; urgent \\ vite",
});

describe("feedIcs", () => {
  it("escapes the calendar's name and names the zone among the calendar's properties, before any event", () => {
    const ics = feedIcs({
      name: "Cabinet Martin, Paris; Nord",
      timeZone: "Europe/Paris",
      now: new Date(),
      events: [event("Appointment: Zoé")],
    });
    expect(ics).toContain("\r\nX-WR-CALNAME:Cabinet Martin\\, Paris\\; Nord\r\n");
    expect(ics.indexOf("X-WR-TIMEZONE:Europe/Paris\r\n")).toBeGreaterThan(0);
    expect(ics.indexOf("X-WR-TIMEZONE")).toBeLessThan(ics.indexOf("BEGIN:VEVENT"));
    expect(ics.match(/X-WR-TIMEZONE/g)).toHaveLength(1);
  });

  it("writes times in UTC, the version as SEQUENCE, and escapes text", () => {
    const ics = feedIcs({ name: "C", timeZone: "Europe/Paris", now: new Date(), events: [event("A")] });
    expect(ics).toContain("\r\nDTSTART:20260329T073000Z\r\n");
    expect(ics).toContain("\r\nDTEND:20260329T080000Z\r\n");
    expect(ics).toContain("\r\nSEQUENCE:2\r\n");
    expect(ics).toContain("\r\nLAST-MODIFIED:20260301T100000Z\r\n");
    expect(ics.replace(/\r\n /g, "")).toContain("DESCRIPTION:Patient: Zoé\\nReason: contrôle\\, détartrage\\; urgent \\\\ vite\r\n");
  });

  it("ends every line with CRLF and folds at 75 octets without cutting a UTF-8 character", () => {
    const ics = feedIcs({
      name: "é".repeat(60),
      timeZone: "America/New_York",
      now: new Date(),
      events: [event("Rendez-vous : " + "Ségolène ".repeat(20))],
    });
    expect(ics.endsWith("END:VCALENDAR\r\n")).toBe(true);
    const lines = ics.slice(0, -2).split("\r\n");
    for (const line of lines) {
      expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
      expect(line).not.toMatch(/[\r\n]/);
    }
    // Unfolded, the text is whole again: no character was split across lines.
    const unfolded = ics.replace(/\r\n /g, "");
    expect(unfolded).toContain(`X-WR-CALNAME:${"é".repeat(60)}\r\n`);
    expect(unfolded).toContain(`SUMMARY:Rendez-vous : ${"Ségolène ".repeat(20).trimEnd()}`);
  });

  it("is a valid calendar with no events", () => {
    const ics = feedIcs({ name: "C", timeZone: "Europe/Paris", now: new Date(), events: [] });
    expect(ics).not.toContain("BEGIN:VEVENT");
    expect(ics).toMatch(/X-WR-TIMEZONE:Europe\/Paris\r\nEND:VCALENDAR\r\n$/);
  });
});

describe("escapeText", () => {
  it("escapes backslash, semicolon, comma and line breaks", () => {
    expect(escapeText("a\\b;c,d\ne\r\nf")).toBe("a\\\\b\\;c\\,d\\ne\\nf");
  });
});
