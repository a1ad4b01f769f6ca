// What the account routes answer (sign-in, registration, the profile, setup tokens), as zod schemas for the route
// declarations' `response` (lib/server/api-route.ts), written from the account's Profile type (lib/accounts).
import { z } from "zod";
import { CONFIRMATION_CHANNELS } from "@/db/schema";
import { subscriptionViewFields } from "@/lib/accounts/subscriptions/subscriptions.responses";
import { APPOINTMENT_DURATIONS, BUSINESS_SIZES, BUSINESS_TYPES, SPECIALTIES } from "./options";

const instant = z.iso.datetime({ offset: true });

const timeRange = z.strictObject({ openTime: z.string(), closeTime: z.string() }).meta({ title: "TimeRange" });
export const dayHours = z
  .strictObject({
    isOpen: z.boolean(),
    openTime: z.string().describe('"HH:mm": the first opening of the day.'),
    closeTime: z.string().describe('"HH:mm": the last closing of the day.'),
    ranges: z.array(timeRange).optional().describe("The day's opening periods in order, when it has a break (at most three)."),
  })
  .meta({ title: "DayHours" });

export const workingHoursResponse = z
  .strictObject({
    monday: dayHours,
    tuesday: dayHours,
    wednesday: dayHours,
    thursday: dayHours,
    friday: dayHours,
    saturday: dayHours,
    sunday: dayHours,
  })
  .meta({ title: "WorkingHours", description: "Each weekday's hours, times as HH:MM." });

export const profileFields = {
  id: z.string(),
  fullName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  businessName: z.string().nullable(),
  businessType: z.enum(BUSINESS_TYPES).nullable(),
  specialty: z.enum(SPECIALTIES).nullable(),
  businessSize: z.enum(BUSINESS_SIZES).nullable(),
  businessAddress: z.string().nullable(),
  serviceFrequency: z.string().nullable(),
  services: z.array(z.string()),
  workingHours: workingHoursResponse,
  appointmentDuration: z.enum(APPOINTMENT_DURATIONS).describe('Minutes, or "variable".'),
  selfServiceCutoffHours: z
    .number()
    .int()
    .describe("Callers cancel or move on their own (the link in their texts, a reply) up to this many hours before the start."),
  confirmationChannel: z
    .enum(CONFIRMATION_CHANNELS)
    .describe("How callers' confirmations and reminders go to their phone (text message, WhatsApp or both) unless a caller asks for one."),
  clockFormat: z
    .enum(["12h", "24h"])
    .nullable()
    .describe("How times are said in English: 12-hour (2:30 PM) or 24-hour (14:30); null for the 12-hour clock, the default."),
  aiInstructions: z.string().nullable(),
  type: z.enum(["admin", "user"]),
  isActive: z.boolean(),
  setUp: z.boolean().describe("False while an account a checkout created waits for its owner to set a password from the emailed link."),
  hasGoogleOAuth: z.boolean().describe("A calendar is connected."),
  calendarRevokedAt: instant.nullable().describe("When the calendar refused the stored grant: the owner must reconnect."),
  telnyxPhoneNumber: z.string().nullable().describe("The assigned number (E.164)."),
  timeZone: z.string().describe("IANA zone."),
  locale: z.enum(["en", "fr", "es"]),
  country: z.string().describe("ISO 3166-1 alpha-2: numbers of this country are shown in national form."),
  createdAt: instant,
  updatedAt: instant,
  billing: z
    .strictObject({ paymentFailed: z.boolean(), cancelAtPeriodEnd: z.boolean(), managed: z.boolean() })
    .describe("What the subscription page warns about."),
  ...subscriptionViewFields,
};

export const profileResponse = z.strictObject(profileFields).meta({ title: "Profile" });

/** Sign-in and registration: the session token (also set as the cookie) and the profile. */
export const sessionResponse = z.strictObject({ token: z.string(), user: profileResponse });

export const setupTokenResponse = z.strictObject({ email: z.string(), name: z.string() });

const stepFlags = z.strictObject({
  password: z.boolean(),
  information: z.boolean(),
  workingHours: z.boolean(),
  calendar: z.boolean(),
  phone: z.boolean(),
});

export const onboardingResponse = z
  .strictObject({
    done: stepFlags.describe("Each step, gone through once."),
    ready: z
      .strictObject({ calendar: z.boolean(), phone: z.boolean(), plan: z.boolean() })
      .describe("What calls need now: a connected calendar, a number, a live trial or subscription."),
    planLive: z.boolean().describe("A trial or subscription is live (the number step starts the free trial first when none ever was)."),
    planStarted: z.boolean().describe("The account ever had a trial or subscription (an ended one is renewed on the Subscription page)."),
    next: z.enum(["password", "information", "workingHours", "calendar", "phone"]).nullable().describe("The first step never done."),
    canTakeCalls: z.boolean().describe("A number, a connected calendar and a live plan: the receptionist answers."),
  })
  .meta({ title: "Onboarding" });
