// The receptionist view of a tenant (tenant.ts): what a call needs, and the bookings it makes (the dashboard's and the
// job handlers' bookings reuse it, since they follow the same commands).
import type { Db } from "@/db/client";
import type { ConfirmationChannel, WorkingHours } from "@/db/schema";
import { subscriptionRecordOf } from "@/lib/accounts/subscriptions/subscription-columns";
import { deriveSubscription } from "@/lib/accounts/subscriptions/subscription-status";
import { displayNameOf, sinceDate, tenantByLine, tenantByOwner, type ClosureRow, type PractitionerRow, type TenantRow } from "./tenant";

export type CallLanguage = "en" | "fr" | "es";

export type Business = {
  userId: string;
  ownerName: string;
  ownerEmail: string;
  ownerPhone: string | null;
  businessName: string;
  businessType: string | null;
  specialty: string | null;
  businessAddress: string | null;
  services: string[];
  workingHours: WorkingHours;
  appointmentDuration: string;
  aiInstructions: string | null;
  timeZone: string;
  locale: CallLanguage;
  /** The business's dedicated number (the line callers dial), if it has claimed one. */
  line: string | null;
  /** The countries besides its own whose numbers the practice calls and texts (ISO 3166 alpha-2). */
  servedCountries: string[];
  ai: { language: CallLanguage; voiceId: string; firstMessage: string; agentName: string } | null;
  /** Some practitioner's calendar is connected (each one's grant is on its `practitioners` row). */
  calendarConnected: boolean;
  /** An active account with a live trial or subscription: only then does the receptionist book. */
  entitled: boolean;
  /** The owner's privacy setting: calls are recorded (and the caller told so) only when true. */
  recordingEnabled: boolean;
  /** Callers change or cancel on their own (a link, a text) up to this many hours before the start. */
  selfServiceCutoffHours: number;
  /** The owner's privacy setting: callers give their date of birth when booking, and can prove who they are with it. */
  birthDateCheck: boolean;
  /** How callers' confirmations go to their phone unless they ask for one channel. */
  confirmationChannel: ConfirmationChannel;
  /** How times are said: 12-hour or 24-hour; null for the language's and country's own way. */
  clockFormat: "12h" | "24h" | null;
  /** The practice places reminder calls (lib/receptionist/outbound): callers are asked whether they may be called. */
  reminderCalls: boolean;
  /** Closures and special hours still to come, earliest first. */
  closures: ClosureRow[];
  /** Who appointments are with, in the practice's order; never empty (the database keeps one). */
  practitioners: PractitionerRow[];
};

function toBusiness(r: TenantRow, now: Date): Business {
  return {
    userId: r.userId,
    ownerName: r.ownerName,
    ownerEmail: r.ownerEmail,
    ownerPhone: r.ownerPhone,
    businessName: displayNameOf(r),
    businessType: r.businessType,
    specialty: r.specialty,
    businessAddress: r.businessAddress,
    services: r.services,
    workingHours: r.workingHours,
    appointmentDuration: r.appointmentDuration,
    aiInstructions: r.aiInstructions,
    timeZone: r.timeZone,
    locale: r.locale,
    line: r.line,
    servedCountries: r.servedCountries,
    ai: r.aiVoiceId ? { language: r.aiLanguage!, voiceId: r.aiVoiceId, firstMessage: r.aiFirstMessage!, agentName: r.aiAgentName! } : null,
    calendarConnected: r.calendarConnected,
    entitled: r.isActive && deriveSubscription(subscriptionRecordOf(r), now).subscription?.status === true,
    recordingEnabled: r.recordingEnabled,
    selfServiceCutoffHours: r.selfServiceCutoffHours,
    birthDateCheck: r.birthDateCheck,
    confirmationChannel: r.confirmationChannel,
    clockFormat: r.clockFormat,
    reminderCalls: r.reminderCalls,
    closures: r.closures,
    practitioners: r.practitioners,
  };
}

/**
 * The business that owns the dialled number; null when the number is not assigned to anyone. Every message of a call
 * asks (a call sends several a minute) and a business changes rarely, so the row is kept for LINE_CACHE_MS. A change made
 * through this process's API, a calendar grant refused or a number released forgets it at once (forgetBusinesses); one
 * made elsewhere (another instance, a sweep) reaches calls within LINE_CACHE_MS. What must be exact, the free times, is
 * read on every message.
 */
export async function findBusinessByLine(db: Db, line: string, now = new Date()): Promise<Business | null> {
  const since = sinceDate(now);
  const kept = byLine.get(line);
  if (kept && kept.db === db && kept.since === since && Date.now() - kept.at < LINE_CACHE_MS) return toBusiness(kept.row, now);
  const generation = forgotten;
  const row = await tenantByLine(db, line, now);
  if (!row) return null;
  // A lookup a change overtook may hold the old row: answered, not kept.
  if (generation === forgotten) keep(line, { db, since, row, at: Date.now() });
  return toBusiness(row, now);
}

const LINE_CACHE_MS = 30_000;
/** Lines kept at most: a process serves a few hundred practices; past this the oldest entry goes. */
const LINE_CACHE_MAX = 5_000;
type Kept = { db: Db; since: string; row: TenantRow; at: number };
const byLine = new Map<string, Kept>();
let forgotten = 0;

function keep(line: string, entry: Kept): void {
  byLine.delete(line);
  byLine.set(line, entry);
  if (byLine.size > LINE_CACHE_MAX) byLine.delete(byLine.keys().next().value!);
}

/** Forgets the kept rows of one business (its owner changed something), or of every business (an admin did). */
export function forgetBusinesses(userId?: string): void {
  forgotten++;
  if (!userId) return byLine.clear();
  for (const [line, entry] of byLine) if (entry.row.userId === userId) byLine.delete(line);
}

export async function loadBusiness(db: Db, userId: string, now = new Date()): Promise<Business | null> {
  const row = await tenantByOwner(db, userId, now);
  return row ? toBusiness(row, now) : null;
}

/** The language the assistant speaks: the AI configuration's, else the owner's account language. */
export function callLanguage(b: Business): CallLanguage {
  return b.ai?.language ?? b.locale;
}
