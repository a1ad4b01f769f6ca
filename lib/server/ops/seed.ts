// Demo data for trying Recepta locally (`npm run db:seed`, and the end-to-end suite's fresh database): a French dental
// practice whose owner can try the receptionist at once (sandbox calendar connected, a live trial, a number from the
// sandbox pool, AI settings) and finds a few appointments and calls already there, and a demo admin. Every step goes
// through the same domain function the dashboard uses, and is skipped when already done: running it again adds
// nothing. Its credentials are published: never in production (the script refuses; this module is only its body).
import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "@/db/client";
import {
  appointmentChanges,
  appointments,
  callerMessages,
  calls,
  calendarConnections,
  phoneNumbers,
  users,
  type WorkingHours,
} from "@/db/schema";
import { createAiParameters } from "@/lib/accounts/ai-settings/ai.service";
import { zonedWallTimeToUtc } from "@/lib/platform/time/zoned-time";
import { startTrial } from "@/lib/billing/trial";
import { syncAppointmentToCalendar } from "@/lib/scheduling/booking/calendar-sync";
import { connectCalendar } from "@/lib/scheduling/calendar/calendar.service";
import type { SecretBox } from "@/lib/platform/crypto/secret-box";
import type { Env } from "@/lib/platform/env";
import { AppError } from "@/lib/platform/errors";
import type { JobQueue } from "@/lib/platform/jobs/queue";
import { businessCountryOf } from "@/lib/accounts/business/business-country";
import { claimNumber, releaseUserNumber } from "@/lib/accounts/numbers/numbers.service";
import { lineLinks } from "@/lib/server/context";
import { SANDBOX_TEST_CODE } from "@/lib/vendors/google/sandbox-calendar";
import { createProviders, type Providers } from "@/lib/vendors/registry";
import { loadBusiness } from "@/lib/accounts/business/business";
import { addDays, localToday } from "@/lib/receptionist/speech/when";
import { bootstrap, ensureUser } from "../bootstrap";
import { DEMO_ADMIN, DEMO_OWNER } from "./seed-accounts";
import { secretBoxFor } from "../secrets";

export { DEMO_ADMIN, DEMO_OWNER };

const TIME_ZONE = "Europe/Paris";
const DAY_MS = 24 * 60 * 60 * 1000;

const open = (openTime: string, closeTime: string) => ({ isOpen: true, openTime, closeTime });
const HOURS: WorkingHours = {
  monday: open("09:00", "18:00"),
  tuesday: open("09:00", "18:00"),
  wednesday: open("09:00", "18:00"),
  thursday: open("09:00", "18:00"),
  friday: open("09:00", "18:00"),
  saturday: open("09:00", "12:00"),
  sunday: { isOpen: false, openTime: "09:00", closeTime: "12:00" },
};

// The practice, in its owner's language. Every phone number here is fictional: 01 99 00 xx xx and 06 39 98 xx xx are
// the blocks commonly cited as set aside for fiction in France.
const PRACTICE = {
  fullName: "Dr Claire Martin",
  phone: "+33199001234",
  businessName: "Cabinet Dentaire Martin",
  businessType: "dental",
  specialty: "dentistry",
  businessSize: "small",
  businessAddress: "12 rue de la Paix, 75002 Paris",
  serviceFrequency: "Tous les 6 mois (contrôle et détartrage)",
  services: ["Contrôle et bilan", "Détartrage", "Soin de carie", "Blanchiment", "Urgence dentaire"],
  appointmentDuration: "30",
  aiInstructions:
    "Accueillez les patients chaleureusement et vouvoyez-les. Une urgence (douleur forte, gonflement, dent cassée) " +
    "reçoit le premier créneau libre de la journée. Pour un devis (couronne, implant, orthodontie), prenez un message : " +
    "le docteur rappelle le soir même. Le cabinet est au 2e étage avec ascenseur.",
  timeZone: TIME_ZONE,
  locale: "fr" as const,
  workingHours: HOURS,
};

const AI = {
  language: "fr" as const,
  voiceId: "voice_french_female_1" as const,
  firstMessage: "Que puis-je faire pour vous ?",
  agentName: "Camille",
};

/** The caller the Try page plays by default in France (lib/receptionist/simulator/try-call.ts): one demo patient is theirs. */
const TRY_CALLER = "+33639980142";

type DemoCall = {
  key: string;
  from: string;
  /** Where the call falls: a day (relative to today, or the day of an appointment) and a local time. */
  at: { day: number } | { appointment: string; dayOffset: number };
  time: string;
  seconds: number;
  endedReason: "customer-ended-call" | "assistant-ended-call";
  outcome: "booked" | "message" | "no_action";
  summary: string;
  transcript: string[];
};

type DemoAppointment = {
  key: string;
  /** Open days from today: negative in the past, positive ahead. */
  openDay: number;
  time: string;
  name: string;
  phone: string;
  email: string | null;
  reason: string;
  source: "phone" | "dashboard";
  call?: string;
};

const APPOINTMENTS: DemoAppointment[] = [
  {
    key: "past-1",
    openDay: -5,
    time: "09:30",
    name: "Lucas Bernard",
    phone: "+33639980101",
    email: null,
    reason: "Détartrage",
    source: "phone",
    call: "call-1",
  },
  {
    key: "past-2",
    openDay: -3,
    time: "14:00",
    name: "Emma Petit",
    phone: "+33639980102",
    email: "emma.petit@example.com",
    reason: "Contrôle annuel",
    source: "dashboard",
  },
  {
    key: "past-3",
    openDay: -1,
    time: "11:00",
    name: "Hugo Moreau",
    phone: "+33639980103",
    email: null,
    reason: "Douleur à une molaire",
    source: "phone",
    call: "call-2",
  },
  {
    key: "next-1",
    openDay: 2,
    time: "15:00",
    name: "Jeanne Dupont",
    phone: TRY_CALLER,
    email: null,
    reason: "Contrôle et bilan",
    source: "phone",
    call: "call-3",
  },
  {
    key: "next-2",
    openDay: 3,
    time: "09:00",
    name: "Léa Garnier",
    phone: "+33639980104",
    email: "lea.garnier@example.com",
    reason: "Blanchiment",
    source: "dashboard",
  },
  {
    key: "next-3",
    openDay: 5,
    time: "16:30",
    name: "Thomas Roux",
    phone: "+33639980105",
    email: null,
    reason: "Soin de carie",
    source: "dashboard",
  },
];

const CALLS: DemoCall[] = [
  {
    key: "call-1",
    from: "+33639980101",
    at: { appointment: "past-1", dayOffset: -4 },
    time: "10:05",
    seconds: 104,
    endedReason: "customer-ended-call",
    outcome: "booked",
    summary: "L'appelant a pris rendez-vous pour un détartrage.",
    transcript: [
      "AI: Bonjour, vous êtes en ligne avec Camille, l'assistant virtuel du Cabinet Dentaire Martin. Que puis-je faire pour vous ?",
      "User: Bonjour, je voudrais prendre rendez-vous pour un détartrage.",
      "AI: Bien sûr. À quel nom, s'il vous plaît ?",
      "User: Lucas Bernard.",
      "AI: Merci, monsieur Bernard. Quel jour vous conviendrait ?",
      "User: Dans quelques jours, plutôt le matin.",
      "AI: Je peux vous proposer 9 h 30 ou 10 h. Lequel préférez-vous ?",
      "User: 9 h 30.",
      "AI: C'est réservé : Lucas Bernard à 9 h 30. Une confirmation vous est envoyée par SMS. Puis-je faire autre chose pour vous ?",
      "User: Non, merci. Au revoir.",
    ],
  },
  {
    key: "call-2",
    from: "+33639980103",
    at: { appointment: "past-3", dayOffset: 0 },
    time: "08:12",
    seconds: 96,
    endedReason: "assistant-ended-call",
    outcome: "booked",
    summary: "L'appelant avait mal à une molaire : rendez-vous en urgence le jour même.",
    transcript: [
      "AI: Bonjour, vous êtes en ligne avec Camille, l'assistant virtuel du Cabinet Dentaire Martin. Que puis-je faire pour vous ?",
      "User: J'ai très mal à une molaire depuis cette nuit, est-ce que le docteur peut me voir aujourd'hui ?",
      "AI: Je suis désolé. Le premier créneau libre aujourd'hui est à 11 h. Puis-je le réserver ? À quel nom ?",
      "User: Oui, Hugo Moreau.",
      "AI: C'est réservé : Hugo Moreau, aujourd'hui à 11 h. Une confirmation vous est envoyée par SMS. Autre chose ?",
      "User: Non, c'est tout, merci.",
      "AI: Merci de votre appel. Au revoir !",
    ],
  },
  {
    key: "call-3",
    from: TRY_CALLER,
    at: { day: -1 },
    time: "18:47",
    seconds: 131,
    endedReason: "customer-ended-call",
    outcome: "booked",
    summary: "L'appelant a pris rendez-vous pour un contrôle, en dehors des heures d'ouverture.",
    transcript: [
      "AI: Bonjour, vous êtes en ligne avec Camille, l'assistant virtuel du Cabinet Dentaire Martin. Que puis-je faire pour vous ?",
      "User: Bonsoir, je sais que le cabinet est fermé, mais je voudrais un rendez-vous pour un contrôle.",
      "AI: Pas de souci, je peux le prendre maintenant. À quel nom ?",
      "User: Jeanne Dupont.",
      "AI: Merci, madame Dupont. Quel jour vous arrangerait ?",
      "User: Plutôt l'après-midi, d'ici quelques jours.",
      "AI: Je peux vous proposer 15 h ou 16 h 30. Lequel préférez-vous ?",
      "User: 15 h, c'est parfait.",
      "AI: C'est réservé : Jeanne Dupont à 15 h. Une confirmation vous est envoyée par SMS. Autre chose ?",
      "User: Non merci, bonne soirée.",
    ],
  },
  {
    key: "call-4",
    from: "+33639980106",
    at: { day: -3 },
    time: "12:20",
    seconds: 78,
    endedReason: "assistant-ended-call",
    outcome: "message",
    summary: "L'appelant souhaite un devis pour une couronne et demande à être rappelé après 17 h.",
    transcript: [
      "AI: Bonjour, vous êtes en ligne avec Camille, l'assistant virtuel du Cabinet Dentaire Martin. Que puis-je faire pour vous ?",
      "User: Bonjour, c'est Marc Lefèvre. J'aimerais un devis pour une couronne.",
      "AI: Le docteur établit les devis elle-même. Je lui laisse un message pour qu'elle vous rappelle. Quand êtes-vous joignable ?",
      "User: Après 17 h, sur ce numéro.",
      "AI: C'est noté : le docteur vous rappellera après 17 h. Autre chose ?",
      "User: Non, merci.",
      "AI: Merci de votre appel. Au revoir !",
    ],
  },
  {
    key: "call-5",
    from: "+33639980107",
    at: { day: -2 },
    time: "09:41",
    seconds: 42,
    endedReason: "customer-ended-call",
    outcome: "no_action",
    summary: "L'appelant voulait connaître les horaires d'ouverture du samedi.",
    transcript: [
      "AI: Bonjour, vous êtes en ligne avec Camille, l'assistant virtuel du Cabinet Dentaire Martin. Que puis-je faire pour vous ?",
      "User: Bonjour, vous êtes ouverts le samedi ?",
      "AI: Oui, le cabinet est ouvert le samedi de 9 h à 12 h. Souhaitez-vous prendre rendez-vous ?",
      "User: Non, je rappellerai. Merci.",
    ],
  },
];

const MESSAGE = {
  call: "call-4",
  name: "Marc Lefèvre",
  phone: "+33639980106",
  body: "Souhaite un devis pour une couronne. À rappeler après 17 h.",
};

/** Every number the demo shows: the practice's, its patients' and callers', the Try page's caller. */
export const DEMO_PHONES: string[] = [
  ...new Set([PRACTICE.phone, TRY_CALLER, ...APPOINTMENTS.map((a) => a.phone), ...CALLS.map((c) => c.from), MESSAGE.phone]),
];

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
  return hours.isOpen && hours.openTime <= time && end <= hours.closeTime;
}

/** The n-th day from today (n < 0: before) on which the practice is open at `time`. */
function nthOpenDay(today: string, n: number, time: string): string {
  let date = today;
  for (let found = 0; found < Math.abs(n);) {
    date = addDays(date, Math.sign(n));
    if (fits(date, time)) found++;
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
  /** The app's address: numbers are linked to `${appUrl}/api/webhooks/vapi`. */
  appUrl: string;
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

  // The calendar: the sandbox's fixed test code, exchanged as the dashboard's popup would. A real Google calendar needs
  // its owner's consent in the dashboard.
  const [calendar] = await db
    .select({ userId: calendarConnections.userId })
    .from(calendarConnections)
    .where(eq(calendarConnections.userId, ownerId))
    .limit(1);
  if (!calendar) {
    if (providers.calendar.kind === "sandbox")
      await connectCalendar({ db, calendar: providers.calendar, secrets: deps.secrets }, ownerId, SANDBOX_TEST_CODE);
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
      await claimNumber(db, ownerId, lineLinks(providers, deps.appUrl));
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

  const biz = await loadBusiness(db, ownerId, now);
  const today = localToday(now, TIME_ZONE);
  const appointmentDates = new Map(APPOINTMENTS.map((a) => [a.key, nthOpenDay(today, a.openDay, a.time)]));

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
          calendarSyncStatus: biz?.calendarConnected ? "pending" : "not_connected",
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
  if (biz?.calendarConnected && biz.calendar?.provider === "sandbox") {
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
  const result = await seedDemo({ db, providers, secrets: secretBoxFor(e), appUrl: e.appUrl, now });
  return { ...result, notes: [...notes, ...result.notes] };
}
