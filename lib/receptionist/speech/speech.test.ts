import { describe, expect, it } from "vitest";
import { slotReference, speakAt, speakClock, speakDate, speakList, speakSlot, speechStyleOf, withSpeechStyle } from "./speech";

describe("slotReference", () => {
  it("is the wall-clock time in the business's zone, zero-padded, midnight as 00:00 of the next day", () => {
    expect(slotReference(new Date("2026-12-01T08:05:00Z"), "Europe/Paris")).toBe("2026-12-01 09:05");
    expect(slotReference(new Date("2026-12-01T23:00:00Z"), "Europe/Paris")).toBe("2026-12-02 00:00");
    expect(slotReference(new Date("2026-07-04T04:00:00Z"), "America/New_York")).toBe("2026-07-04 00:00");
  });

  it("follows the zone's clock change (Paris springs forward at 02:00 on 29 March 2026)", () => {
    expect(slotReference(new Date("2026-03-29T00:59:00Z"), "Europe/Paris")).toBe("2026-03-29 01:59");
    expect(slotReference(new Date("2026-03-29T01:00:00Z"), "Europe/Paris")).toBe("2026-03-29 03:00");
  });
});

describe("speakList", () => {
  it("joins in the call's language, as a choice or as a list", () => {
    expect(speakList(["9:00", "9:30", "10:00"], "en")).toBe("9:00, 9:30, or 10:00");
    expect(speakList(["9:00", "9:30"], "fr")).toBe("9:00 ou 9:30");
    expect(speakList(["name", "phone"], "es", "conjunction")).toBe("name y phone");
  });
});

describe("dates and times as a native speaker says them", () => {
  it("says a day with its weekday: '1er' on the first in French, 'de' in Spanish, the year when asked", () => {
    expect(speakDate("2026-12-01", "en")).toBe("Tuesday, December 1");
    expect(speakDate("2026-12-01", "fr")).toBe("mardi 1er décembre");
    expect(speakDate("2026-12-02", "fr")).toBe("mercredi 2 décembre");
    expect(speakDate("2026-12-01", "es")).toBe("martes 1 de diciembre");
    expect(speakDate("2026-12-01", "es", { year: true })).toBe("martes 1 de diciembre de 2026");
    expect(speakDate("2026-12-01", "fr", { year: true })).toBe("mardi 1er décembre 2026");
  });

  it("says a time on the clock each language reads: 9:30 AM, 9 h 30, 9:30", () => {
    expect([speakClock("09:00", "en"), speakClock("12:30", "en"), speakClock("00:15", "en")]).toEqual(["9:00 AM", "12:30 PM", "12:15 AM"]);
    expect([speakClock("09:00", "fr"), speakClock("09:30", "fr"), speakClock("17:05", "fr")]).toEqual(["9 h", "9 h 30", "17 h 05"]);
    expect([speakClock("09:00", "es"), speakClock("17:30", "es")]).toEqual(["9:00", "17:30"]);
  });

  it("puts 'at' before times as each language does, with Spanish's article agreeing with the hour", () => {
    expect(speakAt(["09:00", "09:30"], "en")).toBe("at 9:00 AM or 9:30 AM");
    expect(speakAt(["09:00", "09:30"], "fr")).toBe("à 9 h ou 9 h 30");
    expect(speakAt(["09:00", "09:30", "10:00"], "es")).toBe("a las 9:00, 9:30 o 10:00");
    expect(speakAt(["01:00"], "es")).toBe("a la 1:00");
  });

  it("says a slot with its day, in the business's zone, with Spanish's article before the day", () => {
    const at = new Date("2026-12-01T08:30:00Z");
    expect(speakSlot(at, "en", "Europe/Paris")).toBe("Tuesday, December 1 at 9:30 AM");
    expect(speakSlot(at, "fr", "Europe/Paris")).toBe("mardi 1er décembre à 9 h 30");
    expect(speakSlot(at, "es", "Europe/Madrid")).toBe("el martes 1 de diciembre a las 9:30");
  });
});

describe("English as the business's country says it", () => {
  const at = new Date("2026-12-07T14:30:00Z");
  it("says the day before the month in the UK, and the clock the owner chose", () => {
    const uk = speechStyleOf({ timeZone: "Europe/London", clockFormat: null });
    expect(withSpeechStyle(uk, () => speakSlot(at, "en", "Europe/London"))).toBe("Monday 7 December at 2:30 PM");
    expect(withSpeechStyle({ ...uk, clock: "24h" }, () => speakSlot(at, "en", "Europe/London"))).toBe("Monday 7 December at 14:30");
    expect(withSpeechStyle(uk, () => speakDate("2026-12-25", "en", { year: true }))).toBe("Friday 25 December 2026");
  });

  it("keeps the American order in the US and Canada, and leaves French and Spanish as they are", () => {
    const us = speechStyleOf({ timeZone: "America/New_York", clockFormat: "24h" });
    expect(withSpeechStyle(us, () => speakSlot(at, "en", "America/New_York"))).toBe("Monday, December 7 at 9:30");
    expect(speechStyleOf({ timeZone: "America/Toronto" }).dayFirst).toBe(false);
    const uk = speechStyleOf({ timeZone: "Europe/London", clockFormat: "12h" });
    expect(withSpeechStyle(uk, () => speakSlot(at, "fr", "Europe/Paris"))).toBe("lundi 7 décembre à 15 h 30");
    // Outside a call's message, the American default.
    expect(speakSlot(at, "en", "Europe/London")).toBe("Monday, December 7 at 2:30 PM");
  });
});
