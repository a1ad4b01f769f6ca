// Confirmations as a caller and an owner get them: by the phone channel the caller asked for, else the owner's default
// (set in the dashboard through the profile route); what the appointment is for and whose it is, in the texts, the
// caller's page and the owner's lists; the business's number written so a caller abroad can dial it; and the owner's
// email and pages naming both the number that called and the number confirmed to. Real routes, the booking commands
// and the job handlers on the real database, the sandbox outbox read back.
import { and, asc, desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { appointments, calls, notifications, type ConfirmationChannel } from "@/db/schema";
import { loadBusiness } from "@/lib/accounts/business/business";
import { drainJobs } from "@/lib/platform/jobs/queue";
import { formatPhone } from "@/lib/platform/phone/format";
import { zonedWallTimeToUtc } from "@/lib/platform/time/zoned-time";
import { book } from "@/lib/scheduling/booking/commands";
import { selfServiceToken } from "@/lib/scheduling/booking/self-service-link";
import { appContext } from "@/lib/server/context";
import { jobHandlers } from "@/lib/server/job-handlers";
import { api } from "../helpers/api";
import { dayAhead, newCallId, practice, vapi, vapiMessage, vapiTool, type Practice } from "../helpers/practice";

const FR = { "accept-language": "fr" };
let callers = 0;
const runTag = String(Date.now() % 10_000).padStart(4, "0");
// +33 65…: valid French mobiles, a range no other test uses.
const newCaller = () => `+3365${runTag.slice(1)}${String(++callers).padStart(4, "0")}`;
// The UK's range for drama (07700 900000–900999): a number no phone will ever answer, and whose exact country the
// phone metadata cannot tell, only its +44.
const ukMobile = () => `+447700900${String(++callers % 1000).padStart(3, "0")}`;

function handlers() {
  const ctx = appContext();
  return jobHandlers(ctx.booking, ctx.dispatch, ctx.notices);
}

async function drain() {
  return drainJobs(await appContext().jobs.ready(), handlers());
}

/** What went out to a number or an address, oldest first. */
const sentTo = (to: string) =>
  getDb()
    .select({ channel: notifications.channel, body: notifications.body, status: notifications.status })
    .from(notifications)
    .where(eq(notifications.recipient, to))
    .orderBy(asc(notifications.createdAt));

const channelsTo = async (to: string) => [...new Set((await sentTo(to)).map((n) => n.channel))].sort();

/**
 * A booking as the receptionist's book_appointment makes it, through the booking commands: with the channel and the
 * booker the caller gave.
 */
async function bookByPhone(
  p: Practice,
  o: {
    phone: string;
    time: string;
    day?: string;
    patientName?: string;
    notifyChannel?: ConfirmationChannel | null;
    callerName?: string;
    service?: string;
  },
) {
  const ctx = appContext();
  const biz = (await loadBusiness(getDb(), p.user.id))!;
  const outcome = await book(ctx.booking, biz, {
    source: "phone",
    start: zonedWallTimeToUtc(o.day ?? dayAhead(3), o.time, "Europe/Paris")!,
    patientName: o.patientName ?? "Léa Martin",
    patientPhone: o.phone,
    patientEmail: null,
    reason: "racines à reprendre",
    service: o.service ?? null,
    callerName: o.callerName ?? null,
    notifyChannel: o.notifyChannel ?? null,
    language: "fr",
  });
  expect(outcome.ok, JSON.stringify(outcome)).toBe(true);
  if (!outcome.ok) throw new Error("not booked");
  return outcome.appointment;
}

describe("the phone channels confirmations go by", () => {
  let p: Practice;
  beforeAll(async () => {
    p = await practice("Salon Canal");
  });

  it("sends only a text to a caller who asked for one, only WhatsApp to one who asked for it, both by default", async () => {
    const [textOnly, whatsappOnly, either] = [newCaller(), newCaller(), newCaller()];
    const a = await bookByPhone(p, { phone: textOnly, time: "09:00", notifyChannel: "sms" });
    await bookByPhone(p, { phone: whatsappOnly, time: "09:30", notifyChannel: "whatsapp" });
    await bookByPhone(p, { phone: either, time: "10:00" });
    await drain();
    expect(await channelsTo(textOnly)).toEqual(["sms"]);
    expect(await channelsTo(whatsappOnly)).toEqual(["whatsapp"]);
    expect(await channelsTo(either)).toEqual(["sms", "whatsapp"]);

    // The reminder and the cancellation follow the same choice.
    await handlers()["appointment-reminder"]({ appointmentId: a.id, version: a.version });
    const cancelled = await api("DELETE", `/api/appointments/${a.id}`, { token: p.token });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.notifyChannel).toBe("sms");
    await drain();
    const texts = await sentTo(textOnly);
    expect(texts.map((n) => n.channel)).toEqual(["sms", "sms", "sms"]);
    expect(texts[1]!.body).toMatch(/^Salon Canal : rappel de votre rendez-vous/);
    expect(texts[2]!.body).toMatch(/a été annulé\./);
  });

  it("follows the default the owner sets in the dashboard, where a caller's own choice still wins", async () => {
    const owner = await practice("Salon Défaut");
    const before = await api("GET", "/api/auth/profile", { token: owner.token });
    expect(before.body.confirmationChannel).toBe("both");
    const set = await api("PUT", "/api/auth/update-profile", { token: owner.token, body: { confirmationChannel: "whatsapp" } });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.confirmationChannel).toBe("whatsapp");
    expect((await api("GET", "/api/auth/profile", { token: owner.token })).body.confirmationChannel).toBe("whatsapp");

    const [byDefault, askedText] = [newCaller(), newCaller()];
    await bookByPhone(owner, { phone: byDefault, time: "11:00" });
    await bookByPhone(owner, { phone: askedText, time: "11:30", notifyChannel: "sms" });
    await drain();
    expect(await channelsTo(byDefault)).toEqual(["whatsapp"]);
    expect(await channelsTo(askedText)).toEqual(["sms"]);

    await api("PUT", "/api/auth/update-profile", { token: owner.token, body: { confirmationChannel: "sms" } });
    const later = newCaller();
    await bookByPhone(owner, { phone: later, time: "12:00" });
    await drain();
    expect(await channelsTo(later)).toEqual(["sms"]);
  });

  it("refuses a channel it does not know, in the owner's language, and keeps the one set", async () => {
    const owner = await practice("Salon Refus");
    const bad = await api("PUT", "/api/auth/update-profile", { token: owner.token, body: { confirmationChannel: "pigeon" } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe("Choose text message, WhatsApp or both.");
    const fr = await api("PUT", "/api/auth/update-profile", { token: owner.token, body: { confirmationChannel: "email" }, headers: FR });
    expect(fr.status).toBe(400);
    expect(fr.body.message).toBe("Choisissez SMS, WhatsApp ou les deux.");
    expect((await api("GET", "/api/auth/profile", { token: owner.token })).body.confirmationChannel).toBe("both");
  });
});

describe("whose appointment it is and what it is for", () => {
  let p: Practice;
  beforeAll(async () => {
    p = await practice("Salon Éclat");
  });

  it("names the service, the patient and who booked for her in the texts, the caller's page and the owner's list", async () => {
    const sophie = newCaller();
    const a = await bookByPhone(p, { phone: sophie, time: "14:00", service: "coloration", callerName: "Sophie Martin" });
    // Sophie's own, booked on the same number: the texts tell the two apart. She gave her name as the caller's too (any
    // case): nobody else booked it.
    await bookByPhone(p, { phone: sophie, time: "15:00", patientName: "Sophie Martin", callerName: "sophie martin " });
    await drain();
    const sms = (await sentTo(sophie)).filter((n) => n.channel === "sms").map((n) => n.body);
    // The two confirmations, in whichever order their jobs ran.
    const at = (time: string) => sms.find((body) => body.includes(` à ${time} `));
    expect(at("14:00")).toMatch(/^Salon Éclat : votre rendez-vous est confirmé le .+ à 14:00 \(coloration, pour Léa, pris par Sophie\)\. /);
    expect(at("15:00")).toMatch(/ à 15:00 \(pour Sophie\)\. /);
    // Never the reason: a text shows on a locked screen.
    for (const body of sms) expect(body).not.toContain("racines");

    const token = selfServiceToken(process.env.AUTH_SECRET!, a.id, a.startsAt);
    const page = await api("GET", `/api/self-service/${token}`);
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    expect(page.body).toMatchObject({ patientFirstName: "Léa", bookedByFirstName: "Sophie", purpose: "coloration" });

    const list = await api("GET", "/api/appointments", { token: p.token });
    const row = list.body.upcoming.find((x: { id: string }) => x.id === a.id);
    expect(row).toMatchObject({
      patientName: "Léa Martin",
      callerName: "Sophie Martin",
      service: "coloration",
      reason: "racines à reprendre",
    });
    // Without a service, the caller's page says nothing of what for: the reason is the caller's own words about their
    // health, and the link travels in a text that can be forwarded.
    const plain = await bookByPhone(p, { phone: newCaller(), time: "16:00" });
    const plainPage = await api("GET", `/api/self-service/${selfServiceToken(process.env.AUTH_SECRET!, plain.id, plain.startsAt)}`);
    expect(plainPage.body).toMatchObject({ bookedByFirstName: null, purpose: null });
  });

  it("lets the owner say who booked an appointment for someone else in the dashboard", async () => {
    const res = await api("POST", "/api/appointments", {
      token: p.token,
      body: {
        patientName: "Tom Petit",
        callerName: "Anne Petit",
        patientPhone: "06 55 44 33 22",
        date: dayAhead(5),
        time: "10:00",
        duration: 30,
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ patientName: "Tom Petit", callerName: "Anne Petit", notifyChannel: null, callerPhone: null });
    const tooLong = await api("POST", "/api/appointments", {
      token: p.token,
      body: { patientName: "Tom Petit", callerName: "A".repeat(121), date: dayAhead(5), time: "11:00", duration: 30 },
    });
    expect(tooLong.status).toBe(400);
  });
});

describe("a caller from another country", () => {
  let p: Practice;
  beforeAll(async () => {
    p = await practice("Cabinet Lointain");
  });

  it("texts a UK mobile the business's number in international form, and a French one in national form", async () => {
    const uk = ukMobile();
    const local = newCaller();
    await bookByPhone(p, { phone: uk, time: "09:00" });
    await bookByPhone(p, { phone: local, time: "09:30" });
    await drain();
    const international = formatPhone(p.line, null);
    const national = formatPhone(p.line, "FR");
    expect(international).toMatch(/^\+33 /);
    const [toUk] = (await sentTo(uk)).filter((n) => n.channel === "sms");
    expect(toUk!.body).toContain(`Appelez le ${international}.`);
    expect(toUk!.body).not.toContain(national);
    const [toLocal] = (await sentTo(local)).filter((n) => n.channel === "sms");
    expect(toLocal!.body).toContain(`Appelez le ${national}.`);
  });

  it("shows the owner the number that called and the number confirmed to, in the email and the dashboard", async () => {
    // A caller rings from a UK mobile and has the confirmation sent to a French one.
    const uk = ukMobile();
    const callId = newCallId();
    await vapi(vapiMessage(p.line, callId, uk, { type: "status-update", status: "in-progress" }));
    const said = await vapiTool(p.line, callId, uk, "book_appointment", {
      date: dayAhead(4),
      time: "10:00",
      name: "James Bond",
      phone: "06 55 44 33 21",
    });
    expect(said).toMatch(/^Booked: James Bond/);
    await drain();
    const [a] = await getDb()
      .select()
      .from(appointments)
      .where(and(eq(appointments.userId, p.user.id), eq(appointments.callerPhone, uk)))
      .orderBy(desc(appointments.createdAt))
      .limit(1);
    expect(a).toMatchObject({ patientPhone: "+33655443321", callerPhone: uk });

    const email = (await sentTo(p.email)).find((n) => n.channel === "email" && n.body.includes("James Bond"));
    expect(email?.body).toContain(`Number that called: ${formatPhone(uk, "FR")}`);
    expect(email?.body).toContain("Number for confirmations: 06 55 44 33 21");
    expect(formatPhone(uk, "FR")).toMatch(/^\+44 7700 900/);

    const list = await api("GET", "/api/appointments", { token: p.token });
    expect(list.body.upcoming.find((x: { id: string }) => x.id === a!.id)).toMatchObject({
      patientPhone: "+33655443321",
      callerPhone: uk,
    });
    const [call] = await getDb().select({ id: calls.id }).from(calls).where(eq(calls.providerCallId, callId));
    const detail = await api("GET", `/api/calls/${call!.id}`, { token: p.token });
    expect(detail.status).toBe(200);
    expect(detail.body.fromNumber).toBe(uk);
    expect(detail.body.appointments).toEqual([expect.objectContaining({ id: a!.id, patientPhone: "+33655443321", callerName: null })]);
  });
});
