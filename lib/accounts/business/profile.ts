// The profile view of a tenant (tenant.ts): the account as its owner (and an admin) sees it. Named in the domain's
// words; lib/accounts/account/profile.ts gives it the field names of the API contract.
import type { Db } from "@/db/client";
import type { ConfirmationChannel, WorkingHours } from "@/db/schema";
import { countryOfBusiness } from "@/lib/platform/phone/phone";
import { subscriptionRecordOf } from "@/lib/accounts/subscriptions/subscription-columns";
import { deriveSubscription, type SubscriptionView } from "@/lib/accounts/subscriptions/subscription-status";
import type { CallLanguage } from "./business";
import { allTenants, tenantByOwner, type TenantRow } from "./tenant";

export type BusinessProfile = {
  id: string;
  fullName: string;
  email: string;
  phone: string | null;
  /** As the owner typed it (null when they gave none); calls and messages fall back on the owner's name. */
  businessName: string | null;
  businessType: string | null;
  specialty: string | null;
  businessSize: string | null;
  businessAddress: string | null;
  serviceFrequency: string | null;
  services: string[];
  workingHours: WorkingHours;
  appointmentDuration: string;
  /** Callers change or cancel on their own up to this many hours before the start. */
  selfServiceCutoffHours: number;
  /** How callers' confirmations and reminders go to their phone unless they ask for one channel. */
  confirmationChannel: ConfirmationChannel;
  /** How times are said in English: 12-hour or 24-hour; null for the 12-hour clock. */
  clockFormat: "12h" | "24h" | null;
  aiInstructions: string | null;
  type: "admin" | "user";
  isActive: boolean;
  /** False while an account a checkout created waits for its owner to set a password from the emailed link. */
  setUp: boolean;
  timeZone: string;
  locale: CallLanguage;
  createdAt: string;
  updatedAt: string;
  /** Some practitioner's calendar is connected with a grant its provider has not refused. */
  calendarConnected: boolean;
  /** When the provider refused the stored grant (revoked or expired): the owner must reconnect. Null otherwise. */
  calendarRevokedAt: string | null;
  /** The business's dedicated number, if it has claimed one. */
  line: string | null;
  /**
   * The business's country (ISO 3166-1, lib/platform/phone countryOfBusiness). Numbers of this country are shown in national
   * form, any other in international form; numbers typed without a country code are read in it.
   */
  country: string;
  /** What the subscription page warns about: a failed renewal being retried; a cancellation at period end. */
  billing: { paymentFailed: boolean; cancelAtPeriodEnd: boolean; managed: boolean };
} & SubscriptionView;

function toProfile(r: TenantRow, now: Date): BusinessProfile {
  const view = deriveSubscription(subscriptionRecordOf(r), now);
  const live = view.subscription?.status === true;
  return {
    id: r.userId,
    fullName: r.ownerName,
    email: r.ownerEmail,
    phone: r.ownerPhone,
    businessName: r.businessName,
    businessType: r.businessType,
    specialty: r.specialty,
    businessSize: r.businessSize,
    businessAddress: r.businessAddress,
    serviceFrequency: r.serviceFrequency,
    services: r.services,
    workingHours: r.workingHours,
    appointmentDuration: r.appointmentDuration,
    selfServiceCutoffHours: r.selfServiceCutoffHours,
    confirmationChannel: r.confirmationChannel,
    clockFormat: r.clockFormat,
    aiInstructions: r.aiInstructions,
    type: r.role,
    isActive: r.isActive,
    setUp: r.setUp,
    timeZone: r.timeZone,
    locale: r.locale,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    calendarConnected: r.calendarConnected,
    calendarRevokedAt: r.calendarRevokedAt?.toISOString() ?? null,
    line: r.line,
    country: countryOfBusiness({ timeZone: r.timeZone, line: r.line, locale: r.locale }),
    ...view,
    // managed: a live subscription at the billing provider (changed in its portal, not by a second checkout).
    billing: {
      paymentFailed: live && r.subPaymentFailedAt !== null,
      cancelAtPeriodEnd: live && r.subCancelAtPeriodEnd === true,
      managed: live && !!r.subProvider,
    },
  };
}

export async function loadBusinessProfile(db: Db, userId: string, now = new Date()): Promise<BusinessProfile | null> {
  const row = await tenantByOwner(db, userId);
  return row ? toProfile(row, now) : null;
}

/** Every account's profile, oldest first. */
export async function listBusinessProfiles(db: Db, now = new Date()): Promise<BusinessProfile[]> {
  return (await allTenants(db)).map((r) => toProfile(r, now));
}
