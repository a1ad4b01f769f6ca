import { describe, expect, it } from "vitest";
import { calleePlace, callWindow, nextCallTime } from "./quiet-hours";

const FR = "+33612345678";
const US = "+12125550142";
const ES = "+34612345678";
const GB = "+442079460123";

/** The instant nextCallTime gives, in UTC ("2026-03-10T08:00:00.000Z"): times below are written in local time. */
function next(phone: string, at: string, business: { timeZone: string; country: string }): string {
  return nextCallTime({ at: new Date(at), phone, businessTimeZone: business.timeZone, businessCountry: business.country }).toISOString();
}
const utc = (local: string) => new Date(local).toISOString();

const PARIS = { timeZone: "Europe/Paris", country: "FR" };
const NEW_YORK = { timeZone: "America/New_York", country: "US" };
const MADRID = { timeZone: "Europe/Madrid", country: "ES" };
const LONDON = { timeZone: "Europe/London", country: "GB" };

describe("the calling window", () => {
  it("is 09:00 to 20:00, and 08:00 to 21:00 in the United States (the TCPA's)", () => {
    expect(callWindow("FR")).toEqual({ from: 9, to: 20 });
    expect(callWindow("GB")).toEqual({ from: 9, to: 20 });
    expect(callWindow("JP")).toEqual({ from: 9, to: 20 });
    expect(callWindow("US")).toEqual({ from: 8, to: 21 });
  });
});

describe("where a callee is judged", () => {
  it("in the business's zone when the callee is of its country, else in the country's main zone", () => {
    expect(calleePlace(US, { timeZone: "America/Chicago", country: "US" })).toEqual({ country: "US", timeZone: "America/Chicago" });
    expect(calleePlace(US, PARIS)).toEqual({ country: "US", timeZone: "America/New_York" });
    expect(calleePlace(GB, PARIS)).toEqual({ country: "GB", timeZone: "Europe/London" });
    expect(calleePlace(ES, PARIS)).toEqual({ country: "ES", timeZone: "Europe/Madrid" });
    expect(calleePlace("+81312345678", PARIS)).toEqual({ country: "JP", timeZone: "Asia/Tokyo" });
  });

  it("as the business's country, in its zone, when the number's country is unknown", () => {
    expect(calleePlace("not a number", MADRID)).toEqual(MADRID);
  });
});

describe("the next time a reminder call may ring", () => {
  it.each([
    ["before 09:00: at 09:00 the same day", "2026-03-10T08:30:00+01:00", "2026-03-10T09:00:00+01:00"],
    ["inside the window: then", "2026-03-10T14:00:00+01:00", "2026-03-10T14:00:00+01:00"],
    ["at 19:59: then", "2026-03-10T19:59:00+01:00", "2026-03-10T19:59:00+01:00"],
    ["at 20:00 (the end is excluded): 09:00 the next day", "2026-03-10T20:00:00+01:00", "2026-03-11T09:00:00+01:00"],
    ["on a Saturday: then", "2026-03-14T10:00:00+01:00", "2026-03-14T10:00:00+01:00"],
    ["on a Sunday: Monday 09:00", "2026-03-15T10:00:00+01:00", "2026-03-16T09:00:00+01:00"],
    // Clocks go forward on Sunday 29 March: Monday's 09:00 is in summer time.
    ["on Saturday evening before the clocks change: Monday 09:00 summer time", "2026-03-28T20:30:00+01:00", "2026-03-30T09:00:00+02:00"],
    ["the evening before 14 July (Fête nationale): 15 July 09:00", "2026-07-13T20:30:00+02:00", "2026-07-15T09:00:00+02:00"],
    ["on 14 July: 15 July 09:00", "2026-07-14T10:00:00+02:00", "2026-07-15T09:00:00+02:00"],
  ])("for a French callee, %s", (_, at, expected) => {
    expect(next(FR, at, PARIS)).toBe(utc(expected));
  });

  it.each([
    ["at 07:59: at 08:00", "2026-03-10T07:59:00-04:00", "2026-03-10T08:00:00-04:00"],
    ["at 08:15: then", "2026-03-10T08:15:00-04:00", "2026-03-10T08:15:00-04:00"],
    ["at 20:59: then", "2026-03-10T20:59:00-04:00", "2026-03-10T20:59:00-04:00"],
    ["at 21:00: 08:00 the next day", "2026-03-10T21:00:00-04:00", "2026-03-11T08:00:00-04:00"],
    ["the evening before Thanksgiving: the Friday after at 08:00", "2026-11-25T21:30:00-05:00", "2026-11-27T08:00:00-05:00"],
  ])("for a US callee of a New York business, %s", (_, at, expected) => {
    expect(next(US, at, NEW_YORK)).toBe(utc(expected));
  });

  it("for a Spanish callee, skips Sunday and 12 October (Fiesta Nacional), a Monday in 2026", () => {
    expect(next(ES, "2026-10-10T20:00:00+02:00", MADRID)).toBe(utc("2026-10-13T09:00:00+02:00"));
  });

  it.each([
    // 2025: Christmas on a Thursday, Boxing Day on a Friday; Saturday is allowed.
    ["2025-12-24T20:00:00Z", "2025-12-27T09:00:00Z"],
    // 2026: Boxing Day on a Saturday, observed on Monday 28 December.
    ["2026-12-24T20:00:00Z", "2026-12-29T09:00:00Z"],
  ])("for a UK callee, skips Christmas and Boxing Day: %s → %s", (at, expected) => {
    expect(next(GB, at, LONDON)).toBe(utc(expected));
  });

  it("for a UK callee of a French business, reads London's clock, an hour behind Paris", () => {
    // 09:30 in Paris is 08:30 in London: too early until 09:00 London (10:00 Paris).
    expect(next(GB, "2026-03-10T09:30:00+01:00", PARIS)).toBe(utc("2026-03-10T09:00:00Z"));
    // 20:30 in Paris is 19:30 in London: still allowed.
    expect(next(GB, "2026-03-10T20:30:00+01:00", PARIS)).toBe(utc("2026-03-10T19:30:00Z"));
    expect(next(GB, "2026-03-10T21:00:00+01:00", PARIS)).toBe(utc("2026-03-11T09:00:00Z"));
  });

  it("for a US callee of a French business, waits until it is 08:00 on the West Coast and stops at 21:00 on the East", () => {
    // They may live in Los Angeles: 08:00 there is 11:00 in New York (both clocks went forward on 8 March).
    expect(next(US, "2026-03-10T12:59:00+01:00", PARIS)).toBe(utc("2026-03-10T08:00:00-07:00"));
    expect(next(US, "2026-03-10T20:30:00-04:00", PARIS)).toBe(utc("2026-03-10T20:30:00-04:00"));
    // 21:00 in New York is over everywhere: the next day, 08:00 in Los Angeles.
    expect(next(US, "2026-03-10T21:00:00-04:00", PARIS)).toBe(utc("2026-03-11T08:00:00-07:00"));
  });

  it("for a number of no known country, uses the business's country and zone", () => {
    expect(next("not a number", "2026-10-12T10:00:00+02:00", MADRID)).toBe(utc("2026-10-13T09:00:00+02:00"));
  });
});
