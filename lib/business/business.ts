// Everything the receptionist, booking and notifications need to know about a business, in one indexed lookup (by the
// dialled line, or by its owner).
import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { aiParameters, calendarConnections, phoneNumbers, subscriptions, users, type WorkingHours } from "@/db/schema";
import { subscriptionRecordColumns, subscriptionRecordOf } from "@/lib/subscriptions/subscription-columns";
import { deriveSubscription } from "@/lib/subscriptions/subscription-status";

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
  ai: { language: "en" | "fr"; voiceId: string; firstMessage: string; agentName: string } | null;
  calendarConnected: boolean;
  /** The calendar grant as stored (encrypted) and which calendar, read in the same lookup: no second query per call. */
  calendar: { refreshTokenEnc: string; calendarId: string } | null;
  /** An active account with a live trial or subscription: only then does the receptionist book. */
  entitled: boolean;
  /** The owner's privacy setting: calls are recorded (and the caller told so) only when true. */
  recordingEnabled: boolean;
};

const columns = {
  userId: users.id,
  ownerName: users.fullName,
  ownerEmail: users.email,
  ownerPhone: users.phone,
  businessName: users.businessName,
  businessType: users.businessType,
  specialty: users.specialty,
  businessAddress: users.businessAddress,
  services: users.services,
  workingHours: users.workingHours,
  appointmentDuration: users.appointmentDuration,
  aiInstructions: users.aiInstructions,
  timeZone: users.timeZone,
  locale: users.locale,
  isActive: users.isActive,
  recordingEnabled: users.recordingEnabled,
  line: phoneNumbers.phoneNumber,
  aiLanguage: aiParameters.language,
  aiVoiceId: aiParameters.voiceId,
  aiFirstMessage: aiParameters.firstMessage,
  aiAgentName: aiParameters.agentName,
  calendarTokenEnc: calendarConnections.refreshTokenEnc,
  calendarId: calendarConnections.calendarId,
  calendarRevokedAt: calendarConnections.revokedAt,
  ...subscriptionRecordColumns,
};

function query(db: Db) {
  return db
    .select(columns)
    .from(users)
    .leftJoin(phoneNumbers, eq(phoneNumbers.assignedToUserId, users.id))
    .leftJoin(aiParameters, eq(aiParameters.userId, users.id))
    .leftJoin(calendarConnections, eq(calendarConnections.userId, users.id))
    .leftJoin(subscriptions, eq(subscriptions.userId, users.id));
}

type Row = Awaited<ReturnType<ReturnType<typeof query>["where"]>>[number];

function toBusiness(r: Row, now: Date): Business {
  // A grant Google refused (revoked_at) is no connection.
  const calendar = r.calendarTokenEnc && !r.calendarRevokedAt ? { refreshTokenEnc: r.calendarTokenEnc, calendarId: r.calendarId ?? "primary" } : null;
  const record = subscriptionRecordOf(r);
  return {
    userId: r.userId,
    ownerName: r.ownerName,
    ownerEmail: r.ownerEmail,
    ownerPhone: r.ownerPhone,
    businessName: r.businessName?.trim() || r.ownerName,
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
    ai: r.aiVoiceId
      ? { language: r.aiLanguage!, voiceId: r.aiVoiceId, firstMessage: r.aiFirstMessage!, agentName: r.aiAgentName! }
      : null,
    calendarConnected: calendar !== null,
    calendar,
    entitled: r.isActive && deriveSubscription(record, now).subscription?.status === true,
    recordingEnabled: r.recordingEnabled,
  };
}

/** The business that owns the dialled number; null when the number is not assigned to anyone. */
export async function findBusinessByLine(db: Db, line: string, now = new Date()): Promise<Business | null> {
  const [row] = await query(db).where(eq(phoneNumbers.phoneNumber, line)).limit(1);
  return row ? toBusiness(row, now) : null;
}

export async function loadBusiness(db: Db, userId: string, now = new Date()): Promise<Business | null> {
  const [row] = await query(db).where(eq(users.id, userId)).limit(1);
  return row ? toBusiness(row, now) : null;
}

/** The language the assistant speaks: the AI configuration's, else the owner's account language. */
export function callLanguage(b: Business): CallLanguage {
  return b.ai?.language ?? b.locale;
}
