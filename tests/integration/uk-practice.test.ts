// A practice in the United Kingdom, through the real routes and the Vapi webhook: it claims a UK number from the pool,
// its receptionist says dates the British way on the clock the owner chose, and a caller's UK mobile said the British
// way is read as one.
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { appointments, subscriptions } from "@/db/schema";
import { addPoolNumbers, api, connectSandboxCalendar, registerOwner } from "../helpers/api";
import { newCallId, vapiReply, vapiTool } from "../helpers/practice";

const open = { isOpen: true, openTime: "08:00", closeTime: "18:00" };
const EVERY_DAY = Object.fromEntries(["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"].map((d) => [d, open]));
const WEEKDAYS =
  /^(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday) \d{1,2} (January|February|March|April|May|June|July|August|September|October|November|December) at /;

describe("a practice in London", () => {
  let token: string;
  let userId: string;
  let line: string;

  beforeAll(async () => {
    const owner = await registerOwner({
      businessName: "Harley Street Dental",
      businessType: "dental",
      workingHours: EVERY_DAY,
      appointmentDuration: "30",
      timeZone: "Europe/London",
    });
    ({ token } = owner);
    userId = owner.user.id;
    await connectSandboxCalendar(token);
    await getDb()
      .insert(subscriptions)
      .values({ userId, status: "trialing", trialEndsAt: new Date(Date.now() + 7 * 86_400_000) });
    await addPoolNumbers(1, "GB");
    const claim = await api("GET", "/api/phone-numbers/claim", { token });
    expect(claim.status, JSON.stringify(claim.body)).toBe(200);
    line = claim.body.phoneNumber;
    // A number of its own country (this one, or one of the sandbox's UK numbers another test file seeded).
    expect(line).toMatch(/^\+44\d{10}$/);
  });

  it("says the day before the month, on a 12-hour clock unless the owner chose the 24-hour one", async () => {
    const day = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(new Date(Date.now() + 3 * 86_400_000));
    const reply = await vapiReply(line, newCallId(), "+447700900001", "check_availability", { date: day, time: "14:00" });
    expect(reply.say).toMatch(/^(Yes|\w+ \d{1,2} \w+ at 2:00 PM)/);
    expect(reply.slots![0]!.say).toMatch(WEEKDAYS);
    expect(reply.slots![0]!.say).toMatch(/ at \d{1,2}:\d\d [AP]M$/);
    const chosen = await api("PUT", "/api/auth/update-profile", { token, body: { clockFormat: "24h" } });
    expect(chosen.status, JSON.stringify(chosen.body)).toBe(200);
    expect(chosen.body.clockFormat).toBe("24h");
    const refused = await api("PUT", "/api/auth/update-profile", { token, body: { clockFormat: "13h" } });
    expect([refused.status, refused.body.message]).toEqual([400, "Choose the 12-hour or the 24-hour clock."]);
    const later = await vapiReply(line, newCallId(), "+447700900001", "check_availability", { date: day, time: "14:00" });
    expect(later.slots![0]!.say).toMatch(/ at 14:00$/);
  });

  it("reads a caller's UK mobile said the British way, and says it back", async () => {
    const call = newCallId();
    const day = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(new Date(Date.now() + 4 * 86_400_000));
    const offered = await vapiReply(line, call, "+447700900002", "check_availability", { date: day });
    const slot = offered.slots![0]!;
    const booked = await vapiTool(line, call, "+447700900002", "book_appointment", {
      date: slot.date,
      time: slot.time,
      name: "Olivia Brown",
      phone: "07700 900123",
    });
    expect(booked).toMatch(/The confirmation goes to 07700 900123 by /);
    const [a] = await getDb()
      .select({ phone: appointments.patientPhone })
      .from(appointments)
      .where(and(eq(appointments.userId, userId), eq(appointments.patientName, "Olivia Brown")));
    expect(a!.phone).toBe("+447700900123");
  });
});
