// The only place that reads users as profiles. Explicit columns: the password hash, session data and calendar tokens
// never leave this file, so no route can leak them by returning "the user".
import { asc, eq, type SQL } from "drizzle-orm";
import type { Db } from "@/db/client";
import { calendarConnections, phoneNumbers, subscriptions, users, type WorkingHours } from "@/db/schema";
import { countryOfBusiness } from "@/lib/phone/phone";
import { subscriptionRecordColumns, subscriptionRecordOf } from "@/lib/subscriptions/subscription-columns";
import { deriveSubscription, type SubscriptionView } from "@/lib/subscriptions/subscription-status";

export type Profile = {
  id: string;
  fullName: string;
  email: string;
  phone: string | null;
  businessName: string | null;
  businessType: string | null;
  specialty: string | null;
  businessSize: string | null;
  businessAddress: string | null;
  serviceFrequency: string | null;
  services: string[];
  workingHours: WorkingHours;
  appointmentDuration: string;
  aiInstructions: string | null;
  type: "admin" | "user";
  isActive: boolean;
  hasGoogleOAuth: boolean;
  /** When Google refused the stored grant (revoked or expired): the owner must reconnect. Null otherwise. */
  calendarRevokedAt: string | null;
  /** The assigned number; the field's name carries the telephony provider's (the API contract fixes it). */
  telnyxPhoneNumber: string | null;
  timeZone: string;
  locale: "en" | "fr" | "es";
  /**
   * Beyond the documented profile: the business's country (ISO 3166-1, lib/phone countryOfBusiness). Numbers of this country are
   * shown in national form, any other in international form; numbers typed without a country code are read in it.
   */
  country: string;
  createdAt: string;
  updatedAt: string;
  /** Beyond the documented profile: what the subscription page warns about (a failed renewal Stripe is retrying; a cancellation at period end). */
  billing: { paymentFailed: boolean; cancelAtPeriodEnd: boolean; managed: boolean };
} & SubscriptionView;

const profileColumns = {
  id: users.id,
  fullName: users.fullName,
  email: users.email,
  phone: users.phone,
  businessName: users.businessName,
  businessType: users.businessType,
  specialty: users.specialty,
  businessSize: users.businessSize,
  businessAddress: users.businessAddress,
  serviceFrequency: users.serviceFrequency,
  services: users.services,
  workingHours: users.workingHours,
  appointmentDuration: users.appointmentDuration,
  aiInstructions: users.aiInstructions,
  type: users.type,
  isActive: users.isActive,
  timeZone: users.timeZone,
  locale: users.locale,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
  calendarUserId: calendarConnections.userId,
  calendarRevokedAt: calendarConnections.revokedAt,
  phoneNumber: phoneNumbers.phoneNumber,
  ...subscriptionRecordColumns,
  subPaymentFailedAt: subscriptions.lastPaymentFailedAt,
  subCancelAtPeriodEnd: subscriptions.cancelAtPeriodEnd,
};

function profileQuery(db: Db, where: SQL | undefined) {
  return db
    .select(profileColumns)
    .from(users)
    .leftJoin(calendarConnections, eq(calendarConnections.userId, users.id))
    .leftJoin(phoneNumbers, eq(phoneNumbers.assignedToUserId, users.id))
    .leftJoin(subscriptions, eq(subscriptions.userId, users.id))
    .where(where);
}

type Row = Awaited<ReturnType<typeof profileQuery>>[number];

function toProfile(r: Row, now: Date): Profile {
  const { calendarUserId, calendarRevokedAt, phoneNumber, subStatus, subTrialEndsAt, subPeriodStart, subPeriodEnd, subCreatedAt, subProvider, subPaymentFailedAt, subCancelAtPeriodEnd, ...rest } = r;
  const view = deriveSubscription(subscriptionRecordOf(r), now);
  const live = view.subscription?.status === true;
  return {
    ...rest,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    // A grant the provider refused (revoked_at set) is no connection: the owner must reconnect.
    hasGoogleOAuth: calendarUserId !== null && calendarRevokedAt === null,
    calendarRevokedAt: calendarRevokedAt?.toISOString() ?? null,
    telnyxPhoneNumber: phoneNumber,
    country: countryOfBusiness({ timeZone: r.timeZone, line: phoneNumber, locale: r.locale }),
    ...view,
    // managed: a live subscription at the billing provider (changed in its portal, not by a second checkout).
    billing: { paymentFailed: live && subPaymentFailedAt !== null, cancelAtPeriodEnd: live && subCancelAtPeriodEnd === true, managed: live && !!subProvider },
  };
}

export async function findProfileById(db: Db, id: string, now = new Date()): Promise<Profile | null> {
  const [row] = await profileQuery(db, eq(users.id, id)).limit(1);
  return row ? toProfile(row, now) : null;
}

export async function listProfiles(db: Db, now = new Date()): Promise<Profile[]> {
  const rows = await profileQuery(db, undefined).orderBy(asc(users.createdAt), asc(users.id));
  return rows.map((r) => toProfile(r, now));
}

export async function findCredentialsByEmail(db: Db, email: string) {
  const [row] = await db
    .select({ id: users.id, type: users.type, isActive: users.isActive, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.email, email.toLowerCase()))
    .limit(1);
  return row ?? null;
}
