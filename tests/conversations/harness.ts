// What both drivers share: a ready business at a fixed clock (account, sandbox calendar, trial, number), the webhook
// called in-process with a recording transport, the message jobs drained, and the judge that reads the state the calls
// left and what the assistant said. Works inside vitest and in `npm run eval:calls` (no test-runner imports).
import { randomBytes } from "node:crypto";
import { performance } from "node:perf_hooks";
import { and, asc, eq, inArray } from "drizzle-orm";
import {
  aiParameters,
  appointments,
  calendarConnections,
  calendarEvents,
  calls,
  closures,
  knowledgeEntries,
  notifications,
  phoneNumbers,
  practitioners,
  subscriptions,
  type WorkingHours,
  users,
} from "@/db/schema";
import { zonedWallTimeToUtc } from "@/lib/platform/time/zoned-time";
import { findSlots } from "@/lib/scheduling/booking/busy-time";
import { calendarEventIdFor } from "@/lib/scheduling/booking/calendar-sync";
import { book } from "@/lib/scheduling/booking/commands";
import { fillHolidays } from "@/lib/scheduling/closures/holidays";
import { saveRouting } from "@/lib/receptionist/routing/routing.service";
import { jobHandlers } from "@/lib/server/job-handlers";
import { drainJobs } from "@/lib/platform/jobs/queue";
import { loadBusiness, type Business } from "@/lib/accounts/business/business";
import { slotReference } from "@/lib/receptionist/speech/speech";
import { addDays, localToday } from "@/lib/receptionist/speech/when";
import type { Transport } from "@/lib/receptionist/simulator/simulator";
import { vapiTransport } from "@/lib/vendors/vapi/sandbox-platform";
import { handleVapiMessage, type VapiDeps } from "@/lib/vendors/vapi/webhook";
import { appContext } from "@/lib/server/context";
import { receivedText } from "../helpers/codes";
import type { ApptExpect, CallExpect, Clock, DayRef, Lang, OutboxExpect, SayCheck, Scenario, TransferExpect } from "./types";

/** The suite's "now": Tuesday 8 June 2027, 14:00 in Paris and Madrid, 08:00 in New York. */
export const CLOCK = new Date("2027-06-08T12:00:00Z");

export const PLACES: Record<Lang, { timeZone: string; businessName: string; ownerName: string; line: () => string }> = {
  en: {
    timeZone: "America/New_York",
    businessName: "Smith Family Practice",
    ownerName: "Dr Jane Smith",
    // Lines are 555-4000 to 555-9999, apart from the callers' 555-01xx to 555-03xx: a caller on a practice's line would
    // have their texts refused as sent to our own number.
    line: () => `+1202555${4 + (randomBytes(1)[0]! % 6)}${digits(3)}`,
  },
  fr: { timeZone: "Europe/Paris", businessName: "Cabinet Martin", ownerName: "Dr Claire Martin", line: () => `+3319900${digits(4)}` },
  es: { timeZone: "Europe/Madrid", businessName: "Clínica Sol", ownerName: "Dra. Lucía Sol", line: () => `+34910${digits(6)}` },
};

/**
 * A practice in the United Kingdom (a scenario's `business.country` "GB"): London's zone and a line from the range Ofcom
 * keeps for drama (020 7946 0000–0999), as the sandbox pool hands them out.
 */
export const LONDON = {
  timeZone: "Europe/London",
  businessName: "Smith Family Practice",
  ownerName: "Dr Jane Smith",
  line: () => `+442079460${digits(3)}`,
};

/** Where a scenario's business is: its language's place, or London. */
export function placeOf(sc: Scenario): (typeof PLACES)[Lang] {
  return sc.business?.country === "GB" ? LONDON : PLACES[sc.language];
}

const REGION: Record<Lang, string> = { en: "US", fr: "FR", es: "ES" };

const digits = (n: number) => Array.from(randomBytes(n), (b) => String(b % 10)).join("");

const open = (openTime: string, closeTime: string) => ({ isOpen: true, openTime, closeTime });
const closed = { isOpen: false, openTime: "09:00", closeTime: "18:00" };
export const DEFAULT_HOURS: WorkingHours = {
  monday: open("09:00", "18:00"),
  tuesday: open("09:00", "18:00"),
  wednesday: open("09:00", "18:00"),
  thursday: open("09:00", "18:00"),
  friday: open("09:00", "18:00"),
  saturday: open("09:00", "12:00"),
  sunday: closed,
};

/** "+1" → the day after the fixed today in the zone; an ISO date as it is. */
export function resolveDay(ref: DayRef, timeZone: string): string {
  if (!ref.startsWith("+")) return ref;
  return addDays(localToday(CLOCK, timeZone), Number(ref.slice(1)));
}

export function webhookDeps(): VapiDeps {
  const ctx = appContext();
  return {
    ...ctx.booking,
    now: () => CLOCK,
    serverUrl: "http://localhost:3000/api/webhooks/vapi",
    webhookSecret: "conversation-suite",
    sandbox: true,
  };
}

export type Practice = {
  userId: string;
  email: string;
  line: string;
  language: Lang;
  timeZone: string;
  workingHours: WorkingHours;
  /** Appointments and calendar events setup made to fill a day: not judged. */
  fillerAppointments: Set<string>;
  blocks: string[];
  /** Outbox rows that existed before the calls. */
  baseline: Set<string>;
  /** Numbers of the routing that do not pick up when a caller is put through. */
  unanswered: string[];
};

/** A business ready to take calls at CLOCK, with what the scenario says is already in its calendar. */
export async function preparePractice(sc: Scenario): Promise<Practice> {
  const ctx = appContext();
  const db = ctx.db;
  const place = placeOf(sc);
  const workingHours = { ...DEFAULT_HOURS, ...sc.business?.hours };
  const email = `conv-${sc.id}-${digits(8)}@example.com`;
  const [user] = await db
    .insert(users)
    .values({
      email,
      fullName: place.ownerName,
      businessName: sc.business?.name ?? place.businessName,
      businessType: sc.business?.type ?? "medical",
      businessAddress: sc.business?.address ?? null,
      phone: sc.business?.ownerPhone ?? null,
      birthDateCheck: sc.business?.birthDateCheck ?? false,
      workingHours,
      appointmentDuration: "30",
      timeZone: place.timeZone,
      locale: sc.language,
      setupCompletedAt: CLOCK,
    })
    .returning({ id: users.id });
  const userId = user!.id;
  // The owner's practitioner is made with the account; the others follow it in order.
  for (const [i, extra] of (sc.business?.practitioners ?? []).entries()) {
    await db.insert(practitioners).values({ userId, name: extra.name, workingHours: extra.hours ?? null, position: i + 1 });
  }
  await db.insert(subscriptions).values({ userId, status: "trialing", trialEndsAt: new Date(CLOCK.getTime() + 60 * 86_400_000) });
  // The owner's calendar is the sandbox's Google twin; the other practitioners' agendas are what is booked here.
  const [owner] = await db
    .select({ id: practitioners.id })
    .from(practitioners)
    .where(eq(practitioners.userId, userId))
    .orderBy(asc(practitioners.position))
    .limit(1);
  await db.insert(calendarConnections).values({
    userId,
    practitionerId: owner!.id,
    provider: "google",
    refreshTokenEnc: ctx.secrets.seal(`sandbox-refresh-${digits(12)}`),
    sandbox: true,
  });
  if (sc.business?.greeting !== undefined || sc.business?.agentName !== undefined) {
    await db.insert(aiParameters).values({
      userId,
      language: sc.language,
      voiceId: { en: "voice_english_female_1", fr: "voice_french_male_1", es: "voice_spanish_male_1" }[sc.language],
      firstMessage: sc.business.greeting ?? "",
      agentName: sc.business.agentName ?? "",
    });
  }
  let line = "";
  for (let attempt = 0; attempt < 20 && !line; attempt++) {
    const candidate = place.line();
    const inserted = await db
      .insert(phoneNumbers)
      .values({
        phoneNumber: candidate,
        providerId: `conv-${candidate}`,
        region: sc.business?.country ?? REGION[sc.language],
        assignedToUserId: userId,
        assignedAt: CLOCK,
      })
      .onConflictDoNothing()
      .returning({ id: phoneNumbers.id });
    if (inserted.length) line = candidate;
  }
  if (!line) throw new Error("no free test line");
  const routing = sc.business?.routing;
  if (routing) {
    await saveRouting(db, userId, {
      warmTransfer: routing.warm ?? true,
      hours: "always",
      destinations: routing.destinations.map((d) => ({ name: d.name, phone: d.phone, when: d.when ?? null, backup: d.backup ?? null })),
    });
  }
  // A business is closed on its public holidays from the start, as one registered through the app is.
  await fillHolidays(db, userId, { now: CLOCK });

  const practice: Practice = {
    userId,
    email,
    line,
    language: sc.language,
    timeZone: place.timeZone,
    workingHours,
    fillerAppointments: new Set(),
    blocks: [],
    baseline: new Set(),
    unanswered: (routing?.destinations ?? []).filter((d) => d.answers === false).map((d) => d.phone),
  };
  const deps = webhookDeps();
  const biz = (await loadBusiness(db, userId, CLOCK))!;
  for (const step of sc.setup ?? []) {
    if ("appointment" in step) {
      const a = step.appointment;
      const start = at(practice, a.on, a.at);
      const outcome = await book(deps, biz, {
        source: "phone",
        start,
        patientName: a.name,
        patientPhone: a.phone,
        patientEmail: null,
        patientBirthDate: a.birthDate ?? null,
        reason: a.reason ?? null,
        language: sc.language,
      });
      if (!outcome.ok) throw new Error(`${sc.id}: setup could not book ${a.on} ${a.at} (${outcome.reason})`);
    } else if ("calendarBlock" in step) {
      const b = step.calendarBlock;
      const eventId = `block${digits(10)}`;
      await db.insert(calendarEvents).values({
        userId,
        practitionerId: owner!.id,
        eventId,
        startsAt: at(practice, b.on, b.from),
        endsAt: at(practice, b.on, b.to),
        timeZone: place.timeZone,
        summary: b.summary,
      });
      practice.blocks.push(eventId);
    } else if ("closure" in step) {
      const c = step.closure;
      await db.insert(closures).values({
        userId,
        startsOn: resolveDay(c.from, place.timeZone),
        endsOn: resolveDay(c.to, place.timeZone),
        reason: c.reason ?? null,
      });
    } else if ("knowledge" in step) {
      const k = step.knowledge;
      const others = Array.from({ length: k.many ?? 0 }, (_, i) => ({
        userId,
        kind: "price" as const,
        language: sc.language,
        title: `Service ${i + 1}`,
        details: `${40 + i} €`,
      }));
      await db
        .insert(knowledgeEntries)
        .values([...others, { userId, kind: k.kind, language: sc.language, title: k.title, details: k.details }]);
    } else {
      await fillDay(practice, biz, step.fillDay.on);
    }
  }
  await drainMessages();
  const rows = await db.select({ id: notifications.id }).from(notifications).where(eq(notifications.userId, userId));
  practice.baseline = new Set(rows.map((r) => r.id));
  return practice;
}

function at(p: Practice, day: DayRef, clock: Clock): Date {
  const d = zonedWallTimeToUtc(resolveDay(day, p.timeZone), clock, p.timeZone);
  if (!d) throw new Error(`no such local time ${day} ${clock}`);
  return d;
}

async function fillDay(p: Practice, biz: Business, day: DayRef) {
  const deps = webhookDeps();
  const date = resolveDay(day, p.timeZone);
  const from = at(p, day, "00:00");
  const slots = (await findSlots(deps, biz, from, new Date(from.getTime() + 26 * 3_600_000))).filter((s) =>
    slotReference(s.start, p.timeZone).startsWith(date),
  );
  for (const [i, s] of slots.entries()) {
    const outcome = await book(deps, biz, {
      source: "phone",
      start: s.start,
      patientName: `Patient ${i + 1}`,
      patientPhone: `+4420794600${String(i).padStart(2, "0")}`,
      patientEmail: null,
      reason: null,
      language: p.language,
    });
    if (outcome.ok) p.fillerAppointments.add(outcome.appointment.id);
  }
}

/** Sends the messages the calls queued (confirmations, the owner's emails), as the workers would. */
export async function drainMessages(): Promise<void> {
  const ctx = appContext();
  const all = jobHandlers(ctx.booking, { ...ctx.dispatch, now: () => CLOCK }, ctx.notices);
  // Only what a call causes at once: reminders are due a day before the appointment, not now.
  await drainJobs(await ctx.jobs.ready(), {
    "appointment-notice": all["appointment-notice"],
    "message-taken": all["message-taken"],
    "calendar-sync": all["calendar-sync"],
    "verification-code": all["verification-code"],
  });
}

/** The texts delivered to `phone`, oldest first (the sandbox outbox is what the phone would have received). */
export async function textsTo(phone: string): Promise<string[]> {
  const rows = await appContext()
    .db.select({ body: notifications.body, secretEnc: notifications.secretEnc })
    .from(notifications)
    .where(and(eq(notifications.recipient, phone), eq(notifications.channel, "sms"), eq(notifications.status, "sent")))
    .orderBy(asc(notifications.createdAt));
  return rows.map(receivedText);
}

/** A caller's line with "{code}" replaced by the last six-digit code texted to the phone they hold. */
export async function withCode(line: string, holds: string | undefined): Promise<string> {
  if (!line.includes("{code}")) return line;
  await drainMessages();
  const code = holds
    ? (await textsTo(holds))
        .map((body) => /\b(\d{6})\b/.exec(body)?.[1])
        .filter(Boolean)
        .at(-1)
    : undefined;
  return line.replaceAll("{code}", code ?? "000000");
}

// --- one call as both drivers record it --------------------------------------------------------------------------------

export type CallEvent =
  | { kind: "assistant"; text: string; source?: "model" | "platform" }
  | { kind: "caller"; text: string }
  | { kind: "tool"; id: string; name: string; args: unknown; result: string; ms: number }
  /** The caller put through to a number, and whether someone answered there. */
  | { kind: "transfer"; to: string; answered: boolean };

export type CallRecord = {
  index: number;
  callId: string;
  from: string;
  events: CallEvent[];
  /** How the call ended, as the driver saw it ("caller-ended", "turn-limit", "error", …). */
  endedBy?: string;
  error?: string;
};

export function newCallRecord(sc: Scenario, index: number): CallRecord {
  return { index, callId: `conv-${sc.id}-${index}-${digits(8)}`, from: sc.calls[index]!.from, events: [] };
}

/** Vapi's webhook, in-process; every tool call is recorded with its answer and how long the webhook took. */
export function recordingWebhook(
  rec: CallRecord,
  deps: VapiDeps = webhookDeps(),
): (payload: { message: Record<string, unknown> }) => Promise<Record<string, unknown>> {
  return async (payload) => {
    const message = payload.message;
    if (message.type !== "tool-calls") return handleVapiMessage(deps, payload);
    const t0 = performance.now();
    const answer = await handleVapiMessage(deps, payload);
    const ms = performance.now() - t0;
    const asked = (message.toolCallList as { id: string; function: { name: string; arguments: unknown } }[] | undefined) ?? [];
    const results = (answer.results as { toolCallId: string; result?: string; error?: string }[] | undefined) ?? [];
    for (const call of asked) {
      const r = results.find((x) => x.toolCallId === call.id);
      rec.events.push({
        kind: "tool",
        id: call.id,
        name: call.function.name,
        args: call.function.arguments,
        result: r?.result ?? r?.error ?? "",
        ms: ms / Math.max(1, asked.length),
      });
    }
    return answer;
  };
}

/** The same webhook as the stand-in drives it: its call events written as Vapi's messages by Vapi's sandbox adapter. */
export function recordingTransport(rec: CallRecord, deps: VapiDeps = webhookDeps()): Transport {
  return vapiTransport(recordingWebhook(rec, deps));
}

// --- the judge ----------------------------------------------------------------------------------------------------------

export type Verdict = { pass: boolean; failures: string[] };

const SALUTATIONS = /\b(hello|hi|hey|good (morning|afternoon|evening)|bonjour|bonsoir|salut|hola|buen[oa]s (d[ií]as|tardes|noches))\b/gi;
const REFERENCE = /\[\d{4}-\d{2}-\d{2}[^\]]*\]|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

/** Each time of day mentioned in a text, as the "HH:mm" it can mean (2:30 without am/pm is 02:30 or 14:30). */
export function timesMentioned(text: string): string[][] {
  const out: string[][] = [];
  const pad = (h: number, m: number) => `${String(h).padStart(2, "0")}:${String(m).padStart(2, "0")}`;
  const add = (h: number, m: number, meridiem?: string) => {
    if (h > 23 || m > 59) return;
    if (meridiem) {
      if (h > 12) return;
      const pm = meridiem.toLowerCase().startsWith("p");
      out.push([pad(pm ? (h % 12) + 12 : h % 12, m)]);
    } else out.push(h < 12 ? [pad(h, m), pad(h + 12, m)] : [pad(h, m)]);
  };
  const taken: [number, number][] = [];
  const free = (i: number, len: number) => !taken.some(([a, b]) => i < b && i + len > a);
  const scan = (re: RegExp, f: (m: RegExpMatchArray) => void) => {
    for (const m of text.matchAll(re)) {
      const i = m.index ?? 0;
      // Not part of a phone number or a date ("06.98.76", "+1 212").
      if (/[+\d.:/-]$/.test(text.slice(Math.max(0, i - 1), i)) || !free(i, m[0].length)) continue;
      taken.push([i, i + m[0].length]);
      f(m);
    }
  };
  // A full stop after the minutes ends the sentence ("à 16 h 30."); one before more digits is a phone number ("06.98.76").
  scan(/(\d{1,2})\s?[:h.]\s?(\d{2})(?![\d:/-]|\.\d)\s?([ap]\.?\s?m\.?)?/gi, (m) => add(Number(m[1]), Number(m[2]), m[3]));
  scan(/(\d{1,2})\s?([ap]\.?\s?m\.?)(?![a-z])/gi, (m) => add(Number(m[1]), 0, m[2]));
  scan(/(\d{1,2})\s?(?:h|heures?|o'clock)(?![a-z0-9])/gi, (m) => add(Number(m[1]), 0));
  scan(/\ba las (\d{1,2})(?![\d:.])/gi, (m) => add(Number(m[1]), 0));
  scan(/(?<=^|\s)(?:at|around|à|vers) (\d{1,2})(?![\d:./-]|\s?(?:st|nd|rd|th|er)\b)/gi, (m) => add(Number(m[1]), 0));
  return out;
}

function allowedTimes(p: Practice, events: CallEvent[], upTo: number): Set<string> {
  const allowed = new Set<string>([slotReference(CLOCK, p.timeZone).slice(11)]);
  for (const h of Object.values(p.workingHours)) {
    if (h.isOpen) allowed.add(h.openTime).add(h.closeTime);
  }
  for (const e of events.slice(0, upTo)) {
    if (e.kind === "tool") {
      for (const m of e.result.matchAll(/\[\d{4}-\d{2}-\d{2} (\d{2}:\d{2})\]/g)) allowed.add(m[1]!);
      for (const c of timesMentioned(e.result)) c.forEach((x) => allowed.add(x));
    }
    if (e.kind === "caller") for (const c of timesMentioned(e.text)) c.forEach((x) => allowed.add(x));
  }
  return allowed;
}

/** Two expectations lists matched one to one against rows (Kuhn's matching): what is missing, what is extra. */
function matchAll<E, R>(expected: E[], rows: R[], fits: (e: E, r: R) => boolean): { missing: E[]; extra: R[] } {
  const owner = new Array<number>(rows.length).fill(-1);
  const tryAssign = (i: number, seen: boolean[]): boolean => {
    for (let j = 0; j < rows.length; j++) {
      if (seen[j] || !fits(expected[i]!, rows[j]!)) continue;
      seen[j] = true;
      if (owner[j] === -1 || tryAssign(owner[j]!, seen)) {
        owner[j] = i;
        return true;
      }
    }
    return false;
  };
  const missing: E[] = [];
  expected.forEach((e, i) => {
    if (!tryAssign(i, new Array<boolean>(rows.length).fill(false))) missing.push(e);
  });
  return { missing, extra: rows.filter((_, j) => owner[j] === -1) };
}

const show = (x: unknown) => JSON.stringify(x, (_, v) => (v instanceof RegExp ? v.toString() : v));

export async function judge(sc: Scenario, p: Practice, records: CallRecord[], driver: "standin" | "llm"): Promise<Verdict> {
  const db = appContext().db;
  const failures: string[] = [];
  const caller = sc.calls[0]!.from;
  const e = sc.expect;

  for (const r of records) if (r.error) failures.push(`call ${r.index + 1}: ${r.error}`);

  // Appointments.
  const appts = (await db.select().from(appointments).where(eq(appointments.userId, p.userId))).filter(
    (a) => !p.fillerAppointments.has(a.id),
  );
  const local = (d: Date) => slotReference(d, p.timeZone);
  const team = await db
    .select({ id: practitioners.id, name: practitioners.name })
    .from(practitioners)
    .where(eq(practitioners.userId, p.userId))
    .orderBy(asc(practitioners.position), asc(practitioners.createdAt));
  const whoIs = (id: string) => team.find((x) => x.id === id)?.name ?? "owner";
  if (e.appointments) {
    const fits = (x: ApptExpect, a: (typeof appts)[number]) => {
      const ref = local(a.startsAt);
      if (x.on && ref.slice(0, 10) !== resolveDay(x.on, p.timeZone)) return false;
      if (x.at && ref.slice(11) !== x.at) return false;
      if (x.between && !(ref.slice(11) >= x.between[0] && ref.slice(11) < x.between[1])) return false;
      if (x.notOn?.some((d) => resolveDay(d, p.timeZone) === ref.slice(0, 10))) return false;
      if (x.phone && a.patientPhone !== (x.phone === "caller" ? caller : x.phone)) return false;
      if (x.name && !x.name.test(a.patientName)) return false;
      if (x.reason && !x.reason.test(a.reason ?? "")) return false;
      if (x.birthDate !== undefined && a.patientBirthDate !== x.birthDate) return false;
      if (x.practitioner && whoIs(a.practitionerId) !== x.practitioner) return false;
      return a.status === (x.status ?? "booked");
    };
    const { missing, extra } = matchAll(e.appointments, appts, fits);
    for (const m of missing) failures.push(`no appointment like ${show(m)}`);
    for (const a of extra)
      failures.push(
        `unexpected appointment: ${a.status} ${local(a.startsAt)} ${a.patientName} ${a.patientPhone ?? "-"} (${a.reason ?? "no reason"}) with ${whoIs(a.practitionerId)}`,
      );
  }
  // Every booked appointment with the owner (whose calendar the scenario connects) is in it at its time; a cancelled one,
  // or one with another practitioner, is not; the owner's own events stay.
  const events = await db.select().from(calendarEvents).where(eq(calendarEvents.userId, p.userId));
  for (const a of appts) {
    const ev = events.find((x) => x.eventId === calendarEventIdFor(a.id));
    if (a.practitionerId !== team[0]?.id) {
      if (ev) failures.push(`calendar: ${a.patientName}'s appointment with ${whoIs(a.practitionerId)} is in the owner's calendar`);
      continue;
    }
    if (a.status === "booked" && ev?.startsAt.getTime() !== a.startsAt.getTime())
      failures.push(`calendar: no event at ${local(a.startsAt)} for ${a.patientName}`);
    if (a.status === "cancelled" && ev) failures.push(`calendar: the cancelled appointment of ${local(a.startsAt)} is still there`);
  }
  for (const id of p.blocks) if (!events.some((x) => x.eventId === id)) failures.push(`calendar: the owner's own event ${id} was removed`);
  const fillerEvents = new Set([...p.fillerAppointments].map(calendarEventIdFor));
  const counted = events.filter((x) => !fillerEvents.has(x.eventId));
  if (e.calendarEvents !== undefined && counted.length !== e.calendarEvents)
    failures.push(`calendar: ${counted.length} events, expected ${e.calendarEvents}`);

  // Outbox.
  const sent = (await db.select().from(notifications).where(eq(notifications.userId, p.userId))).filter((n) => !p.baseline.has(n.id));
  const booked = appts.filter((a) => a.status === "booked");
  const bookedPhone = booked.length === 1 ? booked[0]!.patientPhone : null;
  if (e.outbox) {
    const expanded = e.outbox.flatMap((o) => Array.from({ length: o.count ?? 1 }, () => o));
    const fits = (o: OutboxExpect, n: (typeof sent)[number]) =>
      n.channel === o.channel &&
      n.recipient === (o.to === "caller" ? caller : o.to === "booked" ? bookedPhone : o.to === "owner" ? p.email : o.to) &&
      n.status === (o.status ?? "sent") &&
      (!o.body || o.body.test(receivedText(n)));
    const { missing, extra } = matchAll(expanded, sent, fits);
    for (const m of missing)
      failures.push(`outbox: no ${m.status ?? "sent"} ${m.channel} to ${m.to}${m.body ? ` matching ${m.body}` : ""}`);
    for (const n of extra)
      failures.push(`outbox: unexpected ${n.status} ${n.channel} to ${n.recipient === p.email ? "owner" : n.recipient}`);
  }

  // Call rows.
  const ids = records.map((r) => r.callId);
  const rows = ids.length
    ? await db
        .select()
        .from(calls)
        .where(and(eq(calls.userId, p.userId), inArray(calls.providerCallId, ids)))
    : [];
  if (rows.length !== records.length) failures.push(`call log: ${rows.length} calls recorded for ${records.length} played`);
  const expectedCalls: CallExpect[] = e.calls ?? records.map(() => ({}));
  const callFits = (x: CallExpect, c: (typeof rows)[number]) =>
    c.status === (x.status ?? "ended") && (!x.outcome || c.outcome === x.outcome) && (!x.endedReason || c.endedReason === x.endedReason);
  const callMatch = matchAll(expectedCalls, rows, callFits);
  for (const m of callMatch.missing) failures.push(`call log: no call like ${show({ status: "ended", ...m })}`);
  for (const c of callMatch.extra) failures.push(`call log: unexpected call ${c.status}/${c.outcome}/${c.endedReason ?? "-"}`);

  // Tools.
  const used = records.flatMap((r) => r.events.filter((x) => x.kind === "tool").map((x) => (x as { name: string }).name));
  for (const name of e.tools?.called ?? []) if (!used.includes(name)) failures.push(`tools: ${name} was never called`);
  for (const name of e.tools?.notCalled ?? []) if (used.includes(name)) failures.push(`tools: ${name} was called`);

  // Transfers: every number dialled, in order, and whether it answered.
  if (e.transfers) {
    const tried = records.flatMap((r) => r.events.filter((x): x is Extract<CallEvent, { kind: "transfer" }> => x.kind === "transfer"));
    const said = (x: TransferExpect) => `${x.to} (${x.answered ? "answered" : "not answered"})`;
    if (tried.map(said).join(", ") !== e.transfers.map(said).join(", "))
      failures.push(`transfers: ${tried.map(said).join(", ") || "none"}, expected ${e.transfers.map(said).join(", ") || "none"}`);
  }

  // What the assistant said: one greeting in the opening, no time no tool gave, no reference read aloud.
  for (const r of records) {
    const said = r.events.map((x, i) => ({ x, i })).filter(({ x }) => x.kind === "assistant") as {
      x: { kind: "assistant"; text: string };
      i: number;
    }[];
    const opening = said[0]?.x.text ?? "";
    const hellos = opening.match(SALUTATIONS) ?? [];
    if (hellos.length > 1) failures.push(`call ${r.index + 1}: the opening greets ${hellos.length} times: "${opening}"`);
    for (const { x, i } of said) {
      if (REFERENCE.test(x.text)) failures.push(`call ${r.index + 1}: a reference was read aloud: "${x.text}"`);
      const allowed = allowedTimes(p, r.events, i);
      for (const candidates of timesMentioned(x.text)) {
        if (!candidates.some((c) => allowed.has(c)))
          failures.push(`call ${r.index + 1}: said a time no tool returned (${candidates.join(" or ")}): "${x.text}"`);
      }
    }
  }
  const turnsOf = (c: SayCheck) =>
    records.flatMap((r) => {
      const said = r.events.filter((x) => x.kind === "assistant").map((x) => (x as { text: string }).text);
      return c.turn === "opening" ? said.slice(0, 1) : said;
    });
  for (const c of e.say ?? []) {
    if (c.driver && c.driver !== driver) continue;
    if (!turnsOf(c).some((text) => c.re.test(text))) failures.push(`never said ${c.re} (${c.why})`);
  }
  for (const c of e.sayBefore ?? []) {
    for (const r of records) {
      const said = r.events.filter((x) => x.kind === "assistant").map((x) => (x as { text: string }).text);
      const first = said.findIndex((text) => c.first.test(text));
      const then = said.findIndex((text) => c.then.test(text));
      if (first < 0) failures.push(`call ${r.index + 1}: never said ${c.first} (${c.why})`);
      else if (then >= 0 && then <= first) failures.push(`call ${r.index + 1}: said "${said[then]}" before ${c.first} (${c.why})`);
    }
  }
  for (const c of e.notSay ?? []) {
    if (c.driver && c.driver !== driver) continue;
    const bad = turnsOf(c).find((text) => c.re.test(text));
    if (bad) failures.push(`said ${c.re} (${c.why}): "${bad}"`);
  }
  return { pass: failures.length === 0, failures };
}

/** The conversation as text, for a failure message or `--verbose`. */
export function transcriptOf(records: CallRecord[]): string {
  return records
    .map((r) =>
      [
        `--- call ${r.index + 1} from ${r.from}${r.endedBy ? ` (ended: ${r.endedBy})` : ""}`,
        ...r.events.map((x) =>
          x.kind === "tool"
            ? `    [tool] ${x.name}(${JSON.stringify(x.args)}) → ${x.result} (${x.ms.toFixed(0)} ms)`
            : x.kind === "transfer"
              ? `    [transfer] ${x.to}: ${x.answered ? "answered" : "no answer"}`
              : `${x.kind === "assistant" ? "  Assistant" : "  Caller   "}: ${x.text || "(silence)"}`,
        ),
      ].join("\n"),
    )
    .join("\n");
}

export type RunResult = {
  scenario: Scenario;
  driver: "standin" | "llm";
  records: CallRecord[];
  verdict: Verdict;
  turns: number;
  toolCalls: number;
  toolMs: { p50: number; max: number } | null;
  /** The assistant the webhook answered for the first call (what the model was given). */
  assistant?: Record<string, unknown>;
};

export function summarize(
  sc: Scenario,
  driver: RunResult["driver"],
  records: CallRecord[],
  verdict: Verdict,
  assistant?: Record<string, unknown>,
): RunResult {
  const tools = records.flatMap((r) => r.events).filter((x): x is Extract<CallEvent, { kind: "tool" }> => x.kind === "tool");
  const ms = tools.map((x) => x.ms).sort((a, b) => a - b);
  return {
    scenario: sc,
    driver,
    records,
    verdict,
    turns: records.reduce((n, r) => n + r.events.filter((x) => x.kind === "assistant" || x.kind === "caller").length, 0),
    toolCalls: tools.length,
    toolMs: ms.length ? { p50: ms[Math.ceil(ms.length / 2) - 1]!, max: ms.at(-1)! } : null,
    assistant,
  };
}
