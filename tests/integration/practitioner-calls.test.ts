// A caller of a practice of several, through the Vapi webhook and the real database: asking for a practitioner by name,
// however said, gives that practitioner's agenda; "the same as last time" finds whoever they saw; a name that fits no one
// or several is asked about; every answer, text, text reply and the self-service page says who the appointment is with.
import { and, desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { appointments, notifications, users } from "@/db/schema";
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
    // Whose agenda it is, said once: the day's hours name her.
    expect(hers.say).toMatch(/^On \w+day, \w+ \d+ Dr Camille Roux works from 9:00 AM to 1:00 PM\./);
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
    // The owner's calendar is connected, Dr Roux's is not: only the owner's appointment is written to a calendar.
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
    expect(same.say).toMatch(/^On \w+day, \w+ \d+ Dr Camille Roux works from /);
    // In French, from a caller who has never come.
    const none = await vapiTool(p.line, newCallId(), newCaller(), "check_availability", {
      date: day,
      practitioner: "le même que d'habitude",
      language: "fr",
    });
    expect(none).toBe(
      "Je ne trouve pas de rendez-vous précédent pour vous. Vous pouvez voir Owner Test ou le Dr Camille Roux : qui préférez-vous ?",
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
      // A title takes its article, contracted after "a": "al Dr Camille Roux".
      expect(which).toBe("Tenemos al Dr Camille Roux o el Dr Paul Roux. ¿Con quién desea la cita?");
      expect(await getDb().$count(appointments, eq(appointments.patientName, "Ambiguous"))).toBe(0);
    } finally {
      expect((await api("DELETE", `/api/practitioners/${other.body.id}`, { token: p.token })).status).toBe(200);
    }
  });

  it("speaks of the practitioner asked for by name: her hours, her days away; the practice's closures stay the practice's", async () => {
    // Her afternoon: she finishes at 1 PM, said as hers, not the practice's closing time.
    const late = await vapiReply(p.line, newCallId(), newCaller(), "check_availability", {
      date: day,
      time: "15:00",
      practitioner: "Roux",
    });
    // Her name is in the sentence: no "For Dr Camille Roux:" before it to say it twice.
    expect(late.say).toMatch(/^On .+ Dr Camille Roux finishes at 1:00 PM\./);

    // A training day of hers: she is away, the owner works.
    const away = dayAhead(9);
    const training = await api("POST", "/api/closures", {
      token: p.token,
      body: { from: away, reason: "formation", practitionerId: roux },
    });
    expect(training.status, JSON.stringify(training.body)).toBe(201);
    expect(training.body.practitionerId).toBe(roux);
    const hers = await vapiReply(p.line, newCallId(), newCaller(), "check_availability", { date: away, practitioner: "Dr Roux" });
    expect(hers.say).toMatch(/^Dr Camille Roux is away on .+ \(formation\)\. /);
    expect(hers.slots!.every((s) => s.date !== away)).toBe(true);
    const anyone = await vapiReply(p.line, newCallId(), newCaller(), "check_availability", { date: away });
    expect(anyone.slots!.some((s) => s.date === away)).toBe(true);
    const refused = await vapiTool(p.line, newCallId(), newCaller(), "book_appointment", {
      date: away,
      time: "10:00",
      name: "Trop Tôt",
      practitioner: "Camille Roux",
      language: "fr",
    });
    expect(refused).toMatch(/^Le Dr Camille Roux n'est pas là .+ \(formation\)\./);

    // The practice may close that day too (a closure of its own), and then nobody works; two of hers cannot overlap.
    const practiceDay = await api("POST", "/api/closures", { token: p.token, body: { from: away, reason: "inventaire" } });
    expect(practiceDay.status).toBe(201);
    const closed = await vapiReply(p.line, newCallId(), newCaller(), "check_availability", { date: away });
    expect(closed.say).toMatch(/^We are closed on .+ \(inventaire\)\./);
    const twice = await api("POST", "/api/closures", { token: p.token, body: { from: away, practitionerId: roux } });
    expect(twice.status).toBe(409);
    const stranger = await api("POST", "/api/closures", {
      token: p.token,
      body: { from: away, practitionerId: "00000000-0000-4000-8000-000000000000" },
    });
    expect(stranger.status).toBe(404);
  });

  it("cuts the practice's special hours to her own week, and takes 'anyone' as no one in particular", async () => {
    // The practice opens 08:00–10:00 only that day; she works mornings from 09:00: her day is 09:00–10:00.
    const short = dayAhead(11);
    const special = await api("POST", "/api/closures", {
      token: p.token,
      body: { from: short, openTime: "08:00", closeTime: "10:00", reason: "inventaire" },
    });
    expect(special.status).toBe(201);
    const hers = await vapiReply(p.line, newCallId(), newCaller(), "check_availability", {
      date: short,
      time: "11:00",
      practitioner: "Roux",
    });
    expect(hers.say).toMatch(/^On .+ Dr Camille Roux works only from 9:00 AM to 10:00 AM \(inventaire\)\./);
    expect(hers.slots!.filter((s) => s.date === short).every((s) => s.time >= "09:00" && s.time < "10:00")).toBe(true);
    const anyone = await vapiTool(p.line, newCallId(), newCaller(), "book_appointment", {
      date: short,
      time: "08:00",
      name: "Whoever Is Free",
      practitioner: "anyone",
    });
    expect(anyone).toMatch(/^Booked: Whoever Is Free, .*, with Owner Test\./);
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
    expect(booked).toMatch(/^C'est réservé : Lucie Durand, .*, avec le Dr Camille Roux\./);
    await drain();
    expect((await textsTo(caller)).find((m) => m.channel === "sms")!.body).toMatch(/Avec le Dr Camille Roux\./);

    // "C" confirms: the answer names her too.
    expect((await telnyx(messageReceived(caller, p.line, "C"))).status).toBe(200);
    await drain();
    const replies = (await textsTo(caller)).filter((m) => m.channel === "sms");
    expect(replies.at(-1)!.body).toMatch(/Avec le Dr Camille Roux\./);

    const a = await latestOf(p, caller);
    const token = selfServiceToken(process.env.AUTH_SECRET!, a.id, a.startsAt);
    const page = await api("GET", `/api/self-service/${token}`);
    expect(page.status).toBe(200);
    expect(page.body.practitioner).toBe("Dr Camille Roux");
  });
});

describe("a practice whose practitioners offer different services", () => {
  it("sees only those who offer the service asked for, for its length with them, and says who does what", async () => {
    const p = await practice("Cabinet Services");
    await getDb()
      .update(users)
      .set({ services: ["Détartrage", "Consultation"] })
      .where(eq(users.id, p.user.id));
    const roux = await api("POST", "/api/practitioners", {
      token: p.token,
      body: { name: "Dr Roux", services: [{ name: "Implant", durationMinutes: 60 }] },
    });
    expect(roux.status).toBe(201);
    const day = dayAhead(6);

    const implant = await vapiTool(p.line, newCallId(), newCaller(), "book_appointment", {
      date: day,
      time: "10:00",
      name: "Marc Implant",
      service: "implant",
    });
    expect(implant).toMatch(/^Booked: Marc Implant, .*, with Dr Roux\./);
    const [withRoux] = await getDb().select().from(appointments).where(eq(appointments.patientName, "Marc Implant"));
    expect(withRoux!.practitionerId).toBe(roux.body.id);
    expect(withRoux!.endsAt.getTime() - withRoux!.startsAt.getTime()).toBe(60 * 60_000);

    // Half an hour later Dr Roux is still in the implant, and nobody else places one: the closest times are his, after it.
    const busy = await vapiReply(p.line, newCallId(), newCaller(), "book_appointment", {
      date: day,
      time: "10:30",
      name: "Second Implant",
      service: "Implant",
    });
    expect(busy.say).toMatch(/^Sorry, that time was just taken\./);
    expect(busy.slots!.some((s) => s.date === day && s.time >= "10:00" && s.time < "11:00")).toBe(false);
    // A cleaning at 10:00 is the owner's, for the practice's length.
    expect(
      await vapiTool(p.line, newCallId(), newCaller(), "book_appointment", {
        date: day,
        time: "10:00",
        name: "Dents Propres",
        service: "détartrage",
      }),
    ).toMatch(/^Booked: Dents Propres, .*, with Owner Test\./);

    expect(await vapiTool(p.line, newCallId(), newCaller(), "check_availability", { date: day, service: "blanchiment" })).toBe(
      "We don't offer blanchiment here. We offer Implant, Détartrage, or Consultation: which is it for?",
    );
    expect(
      await vapiTool(p.line, newCallId(), newCaller(), "check_availability", { date: day, service: "Détartrage", practitioner: "Roux" }),
    ).toBe("Dr Roux does not do Détartrage. For it you can see Owner Test.");
  });
});
