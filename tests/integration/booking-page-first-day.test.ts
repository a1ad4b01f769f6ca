// The day the public booking page opens on: the first with a free time, so a visitor on a day the practice is closed
// sees the next open day's times rather than "closed that day". Real routes, database and free-time engine.
import { describe, expect, it } from "vitest";
import { bookingPageFirstDay } from "@/lib/booking-page/booking-page.service";
import { appContext } from "@/lib/server/context";
import { api } from "../helpers/api";
import { dayAhead, practice } from "../helpers/practice";

const runTag = String(Date.now() % 100_000).padStart(5, "0");
const WEEK = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"] as const;
const open = { isOpen: true, openTime: "08:00", closeTime: "18:00" };
const closed = { isOpen: false, openTime: "08:00", closeTime: "18:00" };

/** The weekday of a date "YYYY-MM-DD" (a calendar date: its weekday is the same everywhere). */
const weekdayOf = (date: string) => WEEK[new Date(`${date}T12:00:00Z`).getUTCDay()]!;

/** A practice open every day but the ones given, its booking page turned on; its slug. */
async function pageClosedOn(name: string, closedDays: string[]): Promise<{ token: string; slug: string }> {
  const hours = Object.fromEntries(WEEK.map((d) => [d, closedDays.includes(d) ? closed : open]));
  const p = await practice(`${name} ${runTag}`, { overrides: { workingHours: hours } });
  const on = await api("PUT", "/api/booking-page", { token: p.token, body: { enabled: true } });
  expect(on.status, JSON.stringify(on.body)).toBe(200);
  return { token: p.token, slug: on.body.slug as string };
}

describe("the booking page's first day", () => {
  it("skips today and tomorrow when the practice is closed on those weekdays", async () => {
    const { slug } = await pageClosedOn("Cabinet Fermé", [weekdayOf(dayAhead(0)), weekdayOf(dayAhead(1))]);
    expect(await bookingPageFirstDay(appContext().bookingPage, slug)).toBe(dayAhead(2));
    // That day has free times, and today says why it has none.
    const first = await api("GET", `/api/book/${slug}/slots?date=${dayAhead(2)}`);
    expect(first.body.slots.length).toBeGreaterThan(0);
    const today = await api("GET", `/api/book/${slug}/slots?date=${dayAhead(0)}`);
    expect(today.body.slots).toEqual([]);
  });

  it("skips a closure the owner set on the next open days too", async () => {
    const { token, slug } = await pageClosedOn("Cabinet Congrès", [weekdayOf(dayAhead(0))]);
    const closure = await api("POST", "/api/closures", { token, body: { from: dayAhead(1), to: dayAhead(3), reason: "Congrès" } });
    expect(closure.status, JSON.stringify(closure.body)).toBe(201);
    expect(await bookingPageFirstDay(appContext().bookingPage, slug)).toBe(dayAhead(4));
  });

  it("opens on today when today still has a free time", async () => {
    const { slug } = await pageClosedOn("Cabinet Ouvert", []);
    const today = await api("GET", `/api/book/${slug}/slots?date=${dayAhead(0)}`);
    // Late in the evening today has no time left: the page then opens on tomorrow.
    const expected = today.body.slots.length ? dayAhead(0) : dayAhead(1);
    expect(await bookingPageFirstDay(appContext().bookingPage, slug)).toBe(expected);
  });
});
