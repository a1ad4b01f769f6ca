// A caller of a practice of several, through the Vapi webhook and the real database: asking for a practitioner by name,
// however said, gives that practitioner's agenda; "the same as last time" finds whoever they saw; a name that fits no one
// or several is asked about; every answer, text, text reply and the self-service page says who the appointment is with.
import { and, desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { appointments, notifications } from "@/db/schema";
import { drainJobs } from "@/lib/platform/jobs/queue";
import { appContext } from "@/lib/server/context";
import { jobHandlers } from "@/lib/server/job-handlers";
import { selfServiceToken } from "@/lib/scheduling/booking/self-service-link";
import { api } from "../helpers/api";
import { messageReceived } from "../helpers/telnyx-events";
import { dayAhead, newCallId, practice, telnyx, vapiReply, vapiTool, type Practice } from "../helpers/practice";

const morning = { isOpen: true, openTime: "09:00", closeTime: "13:00" };
const MORNINGS = {
  monday: morning,
  tuesday: morning,
  wednesday: morning,
  thursday: morning,
  friday: morning,
  saturday: morning,
  sunday: morning,
};

let callers = 0;
const runTag = String(Date.now() % 10_000).padStart(4, "0");
const newCaller = () => `+3377${runTag.slice(1)}${String(++callers).padStart(4, "0")}`;

async function drain() {
  const ctx = appContext();
  return drainJobs(await ctx.jobs.ready(), jobHandlers(ctx.booking, ctx.dispatch, ctx.notices));
}

const textsTo = (to: string) =>
  getDb()
    .select({ channel: notifications.channel, body: notifications.body })
    .from(notifications)
    .where(eq(notifications.recipient, to))
    .orderBy(notifications.createdAt);

async function latestOf(p: Practice, phone: string) {
  const [a] = await getDb()
    .select()
    .from(appointments)
    .where(and(eq(appointments.userId, p.user.id), eq(appointments.patientPhone, phone)))
    .orderBy(desc(appointments.createdAt))
    .limit(1);
  return a!;
}

describe("calling a practice of several practitioners", () => {
  let p: Practice;
  let roux: string;
  const day = dayAhead(4);

  beforeAll(async () => {
    p = await practice("Cabinet Roux et Associés");
    const added = await api("POST", "/api/practitioners", { token: p.token, body: { name: "Dr Camille Roux", workingHours: MORNINGS } });
    expect(added.status).toBe(201);
    roux = added.body.id;
  });

  it("gives the agenda of the practitioner asked for, however said, and books with them", async () => {
    const caller = newCaller();
    // Dr Roux works mornings: asked for an afternoon, the answer says whose agenda it is and offers her mornings.
    const hers = await vapiReply(p.line, newCallId(), caller, "check_availability", {
      date: day,
      partOfDay: "afternoon",
      practitioner: "la docteure Roux",
    });
    expect(hers.say).toMatch(/^For Dr Camille Roux: /);
    expect(hers.slots!.length).toBeGreaterThan(0);
    expect(hers.slots!.every((s) => s.time < "13:00")).toBe(true);
    // Without a name, the practice's afternoon (the owner works 08:00–18:00).
    const anyone = await vapiReply(p.line, newCallId(), caller, "check_availability", { date: day, partOfDay: "afternoon" });
    expect(anyone.say).not.toMatch(/^For /);
    expect(anyone.slots!.some((s) => s.date === day && s.time >= "13:00")).toBe(true);

    const booked = await vapiTool(p.line, newCallId(), caller, "book_appointment", {
      date: day,
      time: "10:00",
      name: "Jeanne Martin",
      practitioner: "Dr Camile Roux",
    });
    expect(booked).toMatch(/^Booked: Jeanne Martin, .*, with Dr Camille Roux\./);
    const a = await latestOf(p, caller);
    expect(a.practitionerId).toBe(roux);
    await drain();
    const sms = (await textsTo(caller)).find((m) => m.channel === "sms")!;
    expect(sms.body).toMatch(/: your appointment is confirmed for .* With Dr Camille Roux\./);

    // Her 10:00 is taken: asked for her, the closest times are hers; not asked, the owner takes it and it says so.
    const late = newCaller();
    const refused = await vapiReply(p.line, newCallId(), late, "book_appointment", {
      date: day,
      time: "10:00",
      name: "Paul Late",
      practitioner: "Roux",
    });
    expect(refused.say).toMatch(/^For Dr Camille Roux: Sorry, that time was just taken\. The closest/);
    expect(refused.slots!.every((s) => s.time < "13:00")).toBe(true);
    expect(await vapiTool(p.line, newCallId(), late, "book_appointment", { date: day, time: "10:00", name: "Paul Late" })).toMatch(
      /^Booked: Paul Late, .*, with Owner Test\./,
    );
    expect(await vapiTool(p.line, newCallId(), caller, "find_my_appointments", {})).toMatch(/at 10:00 AM with Dr Camille Roux/);
    // The practice's calendar is the owner's: their appointment is written to it, Dr Roux's is not.
    await drain();
    expect((await latestOf(p, late)).calendarSyncStatus).toBe("synced");
    expect((await latestOf(p, caller)).calendarSyncStatus).toBe("not_connected");
  });

  it("finds the practitioner seen last time, and asks when there is none", async () => {
    const caller = newCaller();
    const past = new Date(Date.now() - 30 * 86_400_000);
    await getDb()
      .insert(appointments)
      .values({
        userId: p.user.id,
        practitionerId: roux,
        patientName: "Anne",
        patientPhone: caller,
        startsAt: past,
        endsAt: new Date(past.getTime() + 1_800_000),
      });
    const same = await vapiReply(p.line, newCallId(), caller, "check_availability", {
      date: day,
      practitioner: "the same doctor as last time",
    });
    expect(same.say).toMatch(/^For Dr Camille Roux: /);
    // In French, from a caller who has never come.
    const none = await vapiTool(p.line, newCallId(), newCaller(), "check_availability", {
      date: day,
      practitioner: "le même que d'habitude",
      language: "fr",
    });
    expect(none).toBe(
      "Je ne trouve pas de rendez-vous précédent pour vous. Vous pouvez voir Owner Test ou Dr Camille Roux : qui préférez-vous ?",
    );
  });

  it("says who the practice has when a name fits no one, and asks which when it fits several", async () => {
    const unknown = await vapiTool(p.line, newCallId(), newCaller(), "check_availability", { date: day, practitioner: "Dr Dupont" });
    expect(unknown).toBe("I don't find Dr Dupont in this practice. You can see Owner Test or Dr Camille Roux.");
    const other = await api("POST", "/api/practitioners", { token: p.token, body: { name: "Dr Paul Roux" } });
    expect(other.status).toBe(201);
    try {
      const which = await vapiTool(p.line, newCallId(), newCaller(), "book_appointment", {
        date: day,
        time: "11:00",
        name: "Ambiguous",
        practitioner: "Dr Roux",
        language: "es",
      });
      expect(which).toBe("Tenemos a Dr Camille Roux o Dr Paul Roux. ¿Con quién desea la cita?");
      expect(await getDb().$count(appointments, eq(appointments.patientName, "Ambiguous"))).toBe(0);
    } finally {
      expect((await api("DELETE", `/api/practitioners/${other.body.id}`, { token: p.token })).status).toBe(200);
    }
  });

  it("names the practitioner in French answers, text replies and the self-service page", async () => {
    const caller = newCaller();
    const booked = await vapiTool(p.line, newCallId(), caller, "book_appointment", {
      date: day,
      time: "11:30",
      name: "Lucie Durand",
      practitioner: "Camille",
      language: "fr",
    });
    expect(booked).toMatch(/^C'est réservé : Lucie Durand, .*, avec Dr Camille Roux\./);
    await drain();
    expect((await textsTo(caller)).find((m) => m.channel === "sms")!.body).toMatch(/Avec Dr Camille Roux\./);

    // "C" confirms: the answer names her too.
    expect((await telnyx(messageReceived(caller, p.line, "C"))).status).toBe(200);
    await drain();
    const replies = (await textsTo(caller)).filter((m) => m.channel === "sms");
    expect(replies.at(-1)!.body).toMatch(/Avec Dr Camille Roux\./);

    const a = await latestOf(p, caller);
    const token = selfServiceToken(process.env.AUTH_SECRET!, a.id, a.startsAt);
    const page = await api("GET", `/api/self-service/${token}`);
    expect(page.status).toBe(200);
    expect(page.body.practitioner).toBe("Dr Camille Roux");
  });
});
