// The judge's rules on what the assistant says, on conversations made up for the purpose: a second greeting, a time no
// tool gave, a reference read aloud, and the scenario's own must-say / must-not-say.
import { firstPractitioner } from "@/lib/scheduling/booking/core";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { appointments, notifications } from "@/db/schema";
import { zonedWallTimeToUtc } from "@/lib/platform/time/zoned-time";
import { addDays, localToday } from "@/lib/receptionist/speech/when";
import { CLOCK, judge, preparePractice, timesMentioned, type CallRecord } from "./harness";
import type { Scenario } from "./types";

const sc: Scenario = {
  id: "en-judge",
  language: "en",
  title: "made-up conversations for the judge",
  covers: [],
  calls: [{ from: "+12025550171", script: [], persona: "-", goal: "-" }],
  expect: { say: [{ re: /911/, why: "the emergency number" }], notSay: [{ re: /\bmg\b/, why: "no dose" }] },
};

const record = (events: CallRecord["events"]): CallRecord => ({ index: 0, callId: "not-played", from: "+12025550171", events });
const opening = "Hello, you are speaking with Emma, the virtual assistant of Smith Family Practice. How can I help you today?";

describe("the conversation judge", () => {
  it("reads times the way they are said, and not phone numbers or emergency numbers", () => {
    expect(timesMentioned("I can offer 9:30 AM or 2 pm")).toEqual([["09:30"], ["14:00"]]);
    expect(timesMentioned("mercredi 9 juin à 14h30, ou 10 h")).toEqual([["14:30"], ["10:00", "22:00"]]);
    // A sentence that ends on the minutes, as French and Spanish answers do; a phone number with dots is none.
    expect(timesMentioned("vendredi 11 juin à 16 h 30.")).toEqual([["16:30"]]);
    expect(timesMentioned("el viernes a las 16:30.")).toEqual([["16:30"]]);
    expect(timesMentioned("au 06.98.76.54.32")).toEqual([]);
    expect(timesMentioned("el jueves a las 10")).toEqual([["10:00", "22:00"]]);
    expect(timesMentioned("tomorrow at 3, or à 9")).toEqual([
      ["03:00", "15:00"],
      ["09:00", "21:00"],
    ]);
    expect(timesMentioned("appelez le 15 / 112, ou le 06.98.76.54.32, ou le +1 202 555 0187")).toEqual([]);
  });

  it("fails a second greeting, a time no tool returned, a reference read aloud and the scenario's own rules", async () => {
    const p = await preparePractice(sc);
    const bad = record([
      { kind: "assistant", text: `${opening} Hello!` },
      { kind: "caller", text: "Tomorrow at 10, please." },
      {
        kind: "tool",
        id: "t1",
        name: "check_availability",
        args: {},
        result: "That time is not free. The nearest free times are 9:30 AM [2027-06-09 09:30].",
        ms: 3,
      },
      { kind: "assistant", text: "I have 9:30 AM, or 3:15 PM. Or [2027-06-09 09:30]. Take 200 mg." },
    ]);
    const { failures } = await judge(sc, p, [bad], "llm");
    expect(failures).toContain(`call 1: the opening greets 2 times: "${opening} Hello!"`);
    expect(failures.filter((f) => f.includes("said a time no tool returned"))).toEqual([
      'call 1: said a time no tool returned (15:15): "I have 9:30 AM, or 3:15 PM. Or [2027-06-09 09:30]. Take 200 mg."',
    ]);
    expect(failures.some((f) => f.startsWith("call 1: a reference was read aloud"))).toBe(true);
    expect(failures).toContain("never said /911/ (the emergency number)");
    expect(failures.some((f) => f.startsWith("said /\\bmg\\b/ (no dose)"))).toBe(true);
    // The call was never played: the log has no row for it.
    expect(failures).toContain("call log: 0 calls recorded for 1 played");

    // The same turns said right: only the missing call row is left.
    const good = record([
      { kind: "assistant", text: opening },
      { kind: "caller", text: "Tomorrow at 10, please. It hurts, is it an emergency?" },
      {
        kind: "tool",
        id: "t1",
        name: "check_availability",
        args: {},
        result: "That time is not free. The nearest free times are 9:30 AM [2027-06-09 09:30].",
        ms: 3,
      },
      // 10 is the caller's own time; 9:30 the tool's.
      { kind: "assistant", text: "10:00 AM is taken, I have 9:30 AM. If it is an emergency, call 911." },
    ]);
    expect((await judge(sc, p, [good], "llm")).failures).toEqual([
      "call log: 0 calls recorded for 1 played",
      'call log: no call like {"status":"ended"}',
    ]);
  });

  it("fails a call that left the wrong state: no booking, a booking on the wrong day, a text to nobody's number", async () => {
    const booking: Scenario = {
      ...sc,
      id: "en-judge-state",
      expect: {
        appointments: [{ on: "+1", at: "10:00", phone: "caller" }],
        outbox: [{ channel: "sms", to: "caller" }],
        calls: [{ outcome: "booked" }],
      },
    };
    const p = await preparePractice(booking);
    const played = record([{ kind: "assistant", text: opening }]);
    const nothing = (await judge(booking, p, [played], "llm")).failures;
    expect(nothing).toContain('no appointment like {"on":"+1","at":"10:00","phone":"caller"}');
    expect(nothing).toContain("outbox: no sent sms to caller");

    // A booking two days out instead of tomorrow, and a text to another number: both reported.
    const db = getDb();
    const start = zonedWallTimeToUtc(addDays(localToday(CLOCK, p.timeZone), 2), "10:00", p.timeZone)!;
    await db.insert(appointments).values({
      userId: p.userId,
      practitionerId: firstPractitioner(db, p.userId),
      patientName: "Wrong Day",
      patientPhone: "+12025550171",
      startsAt: start,
      endsAt: new Date(start.getTime() + 1_800_000),
    });
    await db
      .insert(notifications)
      .values({ userId: p.userId, channel: "sms", recipient: "+12025550199", body: "Confirmed", provider: "sandbox", status: "sent" });
    const wrong = (await judge(booking, p, [played], "llm")).failures;
    expect(wrong.some((f) => f.startsWith("unexpected appointment: booked") && f.includes("Wrong Day"))).toBe(true);
    expect(wrong).toContain("outbox: unexpected sent sms to +12025550199");
  });

  it("fails a question asked after the time it must come before, and a transfer to someone else than expected", async () => {
    const ordered: Scenario = {
      ...sc,
      id: "en-judge-order",
      expect: {
        sayBefore: [{ first: /bladder/, then: /\d{1,2}:\d{2} [AP]M/, why: "the warning signs first" }],
        transfers: [{ to: "+12025550370", answered: false }],
      },
    };
    const p = await preparePractice(ordered);
    const late = record([
      { kind: "assistant", text: opening },
      { kind: "caller", text: "It's urgent, my back is killing me." },
      { kind: "assistant", text: "I have 9:00 AM. Any trouble with your bladder?" },
      { kind: "transfer", to: "+12025550370", answered: false },
      { kind: "transfer", to: "+12025550371", answered: true },
    ]);
    const failures = (await judge(ordered, p, [late], "llm")).failures;
    expect(failures).toContain('call 1: said "I have 9:00 AM. Any trouble with your bladder?" before /bladder/ (the warning signs first)');
    expect(failures).toContain("transfers: +12025550370 (not answered), +12025550371 (answered), expected +12025550370 (not answered)");
    const never = (await judge(ordered, p, [record([{ kind: "assistant", text: opening }])], "llm")).failures;
    expect(never).toContain("call 1: never said /bladder/ (the warning signs first)");
    expect(never).toContain("transfers: none, expected +12025550370 (not answered)");
  });
});
