// Demo data for trying Recepta locally (`npm run db:seed`, and the end-to-end suite's fresh database): a French dental
// practice whose owner can try the receptionist at once (sandbox calendar connected, a live trial, a number from the
// sandbox pool, AI settings, the setup finished) and finds a few appointments and calls already there and a patient's
// text to answer, and a demo admin. Every step goes through the same domain function the dashboard uses, and is skipped
// when already done: running it again adds nothing. Its credentials are published: never in production (the script refuses; this module is only its body).
import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "@/db/client";
import {
  appointmentChanges,
  appointments,
  callerMessages,
  calls,
  calendarConnections,
  members,
  phoneNumbers,
  threadMessages,
  threads,
  users,
} from "@/db/schema";
import { markSetupStep } from "@/lib/accounts/account/onboarding";
import { createAiParameters } from "@/lib/accounts/ai-settings/ai.service";
import { zonedWallTimeToUtc } from "@/lib/platform/time/zoned-time";
import { dayRanges } from "@/lib/accounts/account/working-hours";
import { startTrial } from "@/lib/billing/trial";
import { syncAppointmentToCalendar } from "@/lib/scheduling/booking/calendar-sync";
import { firstPractitioner } from "@/lib/scheduling/booking/core";
import { connectCalendar } from "@/lib/scheduling/calendar/calendar.service";
import type { SecretBox } from "@/lib/platform/crypto/secret-box";
import type { Env } from "@/lib/platform/env";
import { AppError } from "@/lib/platform/errors";
import type { JobQueue } from "@/lib/platform/jobs/queue";
import { businessCountryOf } from "@/lib/accounts/business/business-country";
import { claimNumber, releaseUserNumber, type LineLinks } from "@/lib/accounts/numbers/numbers.service";
import { lineLinks, voiceWebhookFor } from "@/lib/server/context";
import { SANDBOX_TEST_CODE } from "@/lib/vendors/calendar-sandbox/sandbox-calendar";
import { createProviders, type Providers } from "@/lib/vendors/registry";
import { loadBusiness } from "@/lib/accounts/business/business";
import { holidayAreaOf } from "@/lib/scheduling/closures/holiday-area";
import { publicHolidays } from "@/lib/scheduling/closures/holiday-calendar";
import { addDays, localToday } from "@/lib/receptionist/speech/when";
import { bootstrap, ensureUser } from "../bootstrap";
import { DEMO_ADMIN, DEMO_FRONT_DESK, DEMO_OWNER } from "./seed-accounts";
import { TIME_ZONE, DAY_MS, HOURS, PRACTICE, AI, APPOINTMENTS, CALLS, MESSAGE, PATIENT_TEXT } from "./seed-data";
import { secretBoxFor } from "../secrets";

export { DEMO_ADMIN, DEMO_FRONT_DESK, DEMO_OWNER };
export { DEMO_PHONES } from "./seed-data";

// Ids of what the seed adds, so a second run finds them instead of adding copies.
const seedKey = (key: string) => `demo-seed-${key}`;

// --- dates in the practice's time zone --------------------------------------------------------------------------------
const WEEKDAY_KEYS = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"] as const;

/** Whether the practice is open for a 30-minute visit at `time` on `date`. */
function fits(date: string, time: string): boolean {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const hours = HOURS[WEEKDAY_KEYS[new Date(Date.UTC(y, m - 1, d)).getUTCDay()]!];
  const [h, min] = time.split(":").map(Number) as [number, number];
  const end = `${String(h + (min + 30 >= 60 ? 1 : 0)).padStart(2, "0")}:${String((min + 30) % 60).padStart(2, "0")}`;
  // Inside one of the day's ranges: a demo visit never sits in a lunch break.
  return dayRanges(hours).some((r) => r.openTime <= time && end <= r.closeTime);
}

/** The n-th day from today (n < 0: before) on which the practice is open at `time`, its public holidays (`closed`) left out. */
function nthOpenDay(today: string, n: number, time: string, closed: ReadonlySet<string>): string {
  let date = today;
  for (let found = 0; found < Math.abs(n);) {
    date = addDays(date, Math.sign(n));
    if (fits(date, time) && !closed.has(date)) found++;
  }
  return date;
}

function at(date: string, time: string): Date {
  return zonedWallTimeToUtc(date, time, TIME_ZONE)!;
}

// --- the seed ----------------------------------------------------------------------------------------------------------
export type SeedDeps = {
  db: Db;
  providers: Pick<Providers, "calendar" | "telephony" | "voice">;
  secrets: SecretBox;
  /** What the demo owner's number is linked with (the voice platform's webhook among them). */
  lines: LineLinks;
  now?: Date;
};

export type SeedResult = { ownerId: string; adminCreated: boolean; ownerCreated: boolean; notes: string[] };

// Seeded appointments are written to the (sandbox) calendar but send no message: nothing here needs the job queue.
const NO_JOBS: JobQueue = {
  async send() {
    return null;
  },
  async ready() {},
};

export async function seedDemo(deps: SeedDeps): Promise<SeedResult> {
  const { db, providers } = deps;
  const now = deps.now ?? new Date();
  const notes: string[] = [];
  const ownerCreated = !!(await ensureUser(db, { ...DEMO_OWNER, type: "user", ...PRACTICE }));
  const adminCreated = !!(await ensureUser(db, { ...DEMO_ADMIN, type: "admin", fullName: "Demo Admin" }));
  const [owner] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_OWNER.email)).limit(1);
  const ownerId = owner!.id;
  await seedFrontDesk(db, ownerId, now);

  // The calendar: the sandbox's fixed test code, exchanged as the dashboard's popup would. A real Google calendar needs
  // its owner's consent in the dashboard.
  const [calendar] = await db
    .select({ userId: calendarConnections.userId })
    .from(calendarConnections)
    .where(eq(calendarConnections.userId, ownerId))
    .limit(1);
  if (!calendar) {
    if (providers.calendar.forNew("google").sandbox)
      await connectCalendar({ db, calendar: providers.calendar, secrets: deps.secrets }, ownerId, "google", { code: SANDBOX_TEST_CODE });
    else notes.push("Google Calendar is configured: connect the demo owner's calendar from the dashboard (Calendar).");
  }

  // The 7-day trial, once per account: an expired one is not renewed (the Try page then says what is missing).
  try {
    await startTrial(db, ownerId, now);
  } catch (e) {
    if (!(e instanceof AppError && e.messageKey === "trialAlreadyUsed")) throw e;
    notes.push("The demo owner's trial has ended: subscribe from the dashboard (Subscription) to try the receptionist again.");
  }

  // A number from the sandbox pool (bootstrap fills it); a real Telnyx pool is left to real owners.
  if (providers.telephony.kind === "sandbox") {
    try {
      // A demo seeded when the pool was US-only holds a US number: a Paris practice gets one of its own country.
      const [held] = await db
        .select({ region: phoneNumbers.region })
        .from(phoneNumbers)
        .where(eq(phoneNumbers.assignedToUserId, ownerId))
        .limit(1);
      const country = await businessCountryOf(db, ownerId);
      if (held && country && held.region !== country) await releaseUserNumber(db, ownerId, "demo-country", providers);
      await claimNumber(db, ownerId, deps.lines);
    } catch (e) {
      if (!(e instanceof AppError)) throw e;
      notes.push(`The demo owner has no number yet (${e.messageKey}): claim one from the dashboard (Phone Number).`);
    }
  } else {
    notes.push("Telnyx is configured: the demo owner claims a number from the dashboard (Phone Number).");
  }

  try {
    await createAiParameters(db, ownerId, AI);
  } catch (e) {
    // Already configured: the owner's own settings stay.
    if (!(e instanceof AppError && e.messageKey === "aiConfigExists")) throw e;
  }

  // The practice's details and hours are given above: the setup is finished, so the owner lands on Today.
  await markSetupStep(db, ownerId, "information");
  await markSetupStep(db, ownerId, "workingHours");

  const biz = await loadBusiness(db, ownerId, now);
  const today = localToday(now, TIME_ZONE);
  // No demo appointment on a public holiday (the practice is closed then), past or to come.
  const area = holidayAreaOf({ ...PRACTICE, line: biz?.line });
  const holidays = new Set(publicHolidays(area, PRACTICE.locale, addDays(today, -120), addDays(today, 120)).map((h) => h.from));
  const appointmentDates = new Map(APPOINTMENTS.map((a) => [a.key, nthOpenDay(today, a.openDay, a.time, holidays)]));

  // Calls first: the appointments they booked point at them.
  const callRows = CALLS.map((c) => {
    const day = "day" in c.at ? addDays(today, c.at.day) : addDays(appointmentDates.get(c.at.appointment)!, c.at.dayOffset);
    const startedAt = at(day, c.time);
    return {
      userId: ownerId,
      providerCallId: seedKey(c.key),
      fromNumber: c.from,
      toNumber: biz?.line ?? null,
      status: "ended",
      startedAt,
      endedAt: new Date(startedAt.getTime() + c.seconds * 1000),
      durationSeconds: c.seconds,
      endedReason: c.endedReason,
      summary: c.summary,
      transcript: c.transcript.join("\n"),
      language: "fr",
      outcome: c.outcome,
      sandbox: true,
      createdAt: startedAt,
      updatedAt: startedAt,
    };
  });
  await db.insert(calls).values(callRows).onConflictDoNothing({ target: calls.providerCallId });
  const callIds = new Map(
    (
      await db
        .select({ id: calls.id, key: calls.providerCallId })
        .from(calls)
        .where(
          and(
            eq(calls.userId, ownerId),
            inArray(
              calls.providerCallId,
              CALLS.map((c) => seedKey(c.key)),
            ),
          ),
        )
    ).map((r) => [r.key, r.id]),
  );

  await db
    .insert(callerMessages)
    .values({
      userId: ownerId,
      providerCallId: seedKey(MESSAGE.call),
      toolCallId: seedKey("message-1"),
      callerName: MESSAGE.name,
      callerPhone: MESSAGE.phone,
      body: MESSAGE.body,
      createdAt: callRows.find((c) => c.providerCallId === seedKey(MESSAGE.call))!.endedAt,
    })
    .onConflictDoNothing();

  // A patient's text waiting in the inbox, for the owner to answer. Once: the thread is one per caller, and its text
  // keeps a provider id of the seed's.
  const textAt = new Date(now.getTime() - PATIENT_TEXT.minutesAgo * 60_000);
  const [thread] = await db
    .insert(threads)
    .values({ userId: ownerId, callerPhone: PATIENT_TEXT.phone, status: "open", unread: 1, lastMessageAt: textAt, createdAt: textAt })
    .onConflictDoNothing()
    .returning({ id: threads.id });
  if (thread)
    await db
      .insert(threadMessages)
      .values({
        threadId: thread.id,
        userId: ownerId,
        direction: "in",
        channel: "sms",
        body: PATIENT_TEXT.body,
        status: "received",
        providerMessageId: seedKey("text-1"),
        createdAt: textAt,
      })
      .onConflictDoNothing();

  // A booking key per demo appointment: a second run conflicts with the first one's and adds nothing. Without a
  // target, DO NOTHING also skips one that would overlap an appointment the owner has made since.
  const inserted = await db
    .insert(appointments)
    .values(
      APPOINTMENTS.map((a) => {
        const startsAt = at(appointmentDates.get(a.key)!, a.time);
        const call = a.call ? callRows.find((c) => c.providerCallId === seedKey(a.call!)) : undefined;
        return {
          userId: ownerId,
          practitionerId: firstPractitioner(db, ownerId),
          patientName: a.name,
          patientPhone: a.phone,
          patientEmail: a.email,
          reason: a.reason,
          startsAt,
          endsAt: new Date(startsAt.getTime() + 30 * 60_000),
          status: "booked" as const,
          source: a.source,
          language: "fr" as const,
          bookingKey: seedKey(a.key),
          callId: a.call ? (callIds.get(seedKey(a.call)) ?? null) : null,
          calendarSyncStatus: biz?.practitioners[0]?.calendar ? "pending" : "not_connected",
          createdAt: call?.endedAt ?? new Date(Math.min(now.getTime(), startsAt.getTime() - 3 * DAY_MS)),
        };
      }),
    )
    .onConflictDoNothing()
    .returning({ id: appointments.id, source: appointments.source, createdAt: appointments.createdAt });
  // Booked as the booking commands would have: each with its line in the changes log (the insights count them there).
  if (inserted.length)
    await db
      .insert(appointmentChanges)
      .values(
        inserted.map((a) => ({ userId: ownerId, appointmentId: a.id, kind: "booked" as const, source: a.source, createdAt: a.createdAt })),
      );

  // Into the sandbox calendar, as a booking would be (never into a real Google calendar: these patients are fictional).
  if (biz?.practitioners[0]?.calendar?.sandbox) {
    const booking = { db, calendar: providers.calendar, secrets: deps.secrets, jobs: NO_JOBS, now: () => now };
    for (const { id } of inserted) await syncAppointmentToCalendar(booking, biz, id);
  }

  return { ownerId, ownerCreated, adminCreated, notes };
}

/**
 * What `npm run db:seed` runs once the database is migrated: the start's own bootstrap (the sandbox number pool), then
 * the demo data, with the providers and the key the app itself would use.
 */
export async function seedDemoDatabase(db: Db, e: Env & { appUrl: string }, now = new Date()): Promise<SeedResult> {
  const providers = createProviders(db, e, e.AUTH_SECRET ?? "");
  const notes = await bootstrap(db, e, providers.telephony);
  const lines = lineLinks(providers, voiceWebhookFor(e));
  const result = await seedDemo({ db, providers, secrets: secretBoxFor(e), lines, now });
  return { ...result, notes: [...notes, ...result.notes] };
}

/**
 * The front desk of the demo practice: a person of their own (no practice of their own: signing in lands in the demo
 * practice), its member with the staff role.
 */
async function seedFrontDesk(db: Db, ownerId: string, now: Date): Promise<void> {
  await ensureUser(db, { ...DEMO_FRONT_DESK, type: "user", fullName: "Léa Martin", locale: "fr", setupCompletedAt: null, setupSteps: [] });
  const [person] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_FRONT_DESK.email)).limit(1);
  await db
    .insert(members)
    .values({ businessId: ownerId, userId: person!.id, email: DEMO_FRONT_DESK.email, role: "staff", acceptedAt: now, invitedBy: ownerId })
    .onConflictDoNothing();
}
