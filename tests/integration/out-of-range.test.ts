// Inputs at the far end of what a field can hold get an answer, never a failure: dates in year 0001 or 9999 sent to the
// receptionist's tools get the sentence any other past or too-far day gets, and a correctly signed Stripe body that is
// no JSON event is a 400 (a bad payload), not a 401 (bad credentials).
import { beforeAll, describe, expect, it } from "vitest";
import { HORIZON_DAYS } from "@/lib/scheduling/booking/core";
import { signStripePayload } from "@/lib/vendors/stripe/webhook-signature";
import { addDays, daysBetween, localToday, speakCalendarDay } from "@/lib/receptionist/speech/when";
import { api } from "../helpers/api";
import { dayAhead, newCallId, practice, vapiTool, type Practice } from "../helpers/practice";

describe("receptionist tools: dates in year 0001 and 9999", () => {
  let p: Practice;
  const caller = "+33700000301";
  let today: string;

  beforeAll(async () => {
    p = await practice("Cabinet Calendrier");
    // The caller has an appointment, so reschedule_appointment reaches the date check.
    expect(
      await vapiTool(p.line, newCallId(), caller, "book_appointment", { date: dayAhead(6), time: "11:00", name: "Ada Lovelace" }),
    ).toMatch(/booked/i);
    today = localToday(new Date(), "Europe/Paris");
  });

  it("counts days across the whole range of four-digit years", () => {
    expect(daysBetween("0001-01-01", "0001-01-02")).toBe(1);
    expect(daysBetween("0001-01-01", "0002-01-01")).toBe(365);
    expect(daysBetween("2026-11-23", "0001-01-01")).toBeLessThan(-700_000);
    expect(daysBetween("2026-11-23", "9999-12-31")).toBeGreaterThan(2_900_000);
    expect(addDays("0099-12-31", 1)).toBe("0100-01-01");
  });

  const past = () => `That day has already passed: today is ${speakCalendarDay(today, "en")}.`;
  const tooFar = () =>
    `I can only book up to ${HORIZON_DAYS} days ahead, so until ${speakCalendarDay(addDays(today, HORIZON_DAYS), "en")}.`;

  for (const [label, args, expected] of [
    ["0001-01-01", { date: "0001-01-01" }, past],
    ["0001-01-01 10:00", { date: "0001-01-01", time: "10:00" }, past],
    ["0001-01-01T00:00:00Z", { start: "0001-01-01T00:00:00Z" }, past],
    ["9999-12-31", { date: "9999-12-31" }, tooFar],
    ["9999-12-31 23:30", { date: "9999-12-31", time: "23:30" }, tooFar],
    ["9999-12-31T23:59:00+14:00", { dateTime: "9999-12-31T23:59:00+14:00" }, tooFar],
  ] as const) {
    it(`answers ${label} with a sentence naming ${expected === past ? "today" : "the last bookable day"}`, async () => {
      for (const tool of ["check_availability", "book_appointment", "reschedule_appointment"]) {
        // book_appointment asks for a time before judging a day given without one.
        if (tool !== "check_availability" && !("time" in args) && !("start" in args) && !("dateTime" in args)) continue;
        const said = await vapiTool(p.line, newCallId(), caller, tool, { ...args, name: "Ada Lovelace" });
        expect(said, tool).toContain(expected());
      }
    });
  }
});

describe("Stripe webhook: a signed body that is no JSON event", () => {
  const SECRET = "whsec_test_secret";
  const send = (raw: string, signature?: string) =>
    api("POST", "/api/webhooks/stripe", { raw, headers: signature ? { "stripe-signature": signature } : {} });

  it("is a 400 when correctly signed, a 401 otherwise", async () => {
    for (const raw of ["not json", "{oops", '{"object":"v2.core.event","id":"evt_thin"}']) {
      const signed = await send(raw, signStripePayload(raw, SECRET));
      expect(signed.status, raw).toBe(400);
      expect(signed.body.message).toBe("The webhook payload is not valid.");
      expect((await send(raw)).status, raw).toBe(401);
      expect((await send(raw, signStripePayload(raw, "whsec_someone_else"))).status, raw).toBe(401);
      expect((await send(raw, signStripePayload(raw, SECRET, Math.floor(Date.now() / 1000) - 400))).status, raw).toBe(401);
      expect((await send(raw, signStripePayload(`${raw} `, SECRET))).status, raw).toBe(401);
    }
  });

  it("keeps answering 400 for signed JSON that is not an event", async () => {
    const raw = JSON.stringify({ hello: "world" });
    expect((await send(raw, signStripePayload(raw, SECRET))).status).toBe(400);
  });
});
