// What the booking page's routes answer, written from booking-page.service.ts.
import { z } from "zod";
import { selfServiceSlotsResponse } from "@/lib/scheduling/self-service/self-service.responses";

const instant = z.iso.datetime({ offset: true });

export const bookingPageSettingsResponse = z
  .strictObject({
    enabled: z.boolean(),
    slug: z.string().nullable(),
    url: z.string().nullable().describe("The page's address in the business's language; null until the page has a slug."),
    textAfterHangUp: z.boolean(),
    ready: z.boolean().describe("Whether callers can book on it now: turned on, a live plan, and a line to text codes from."),
  })
  .meta({ title: "BookingPageSettings" });

export const bookingPageViewResponse = z
  .strictObject({
    businessName: z.string(),
    businessPhone: z.string().nullable(),
    businessAddress: z.string().nullable(),
    country: z.string(),
    timeZone: z.string(),
    services: z.array(z.strictObject({ name: z.string(), durationMinutes: z.number().int() })),
    practitioners: z
      .array(z.strictObject({ id: z.string(), name: z.string(), services: z.array(z.string()) }))
      .describe("Who callers may choose, in a practice of several; empty in a practice of one."),
    durationMinutes: z.number().int().describe("The practice's appointment length, without a service."),
  })
  .meta({ title: "BookingPage" });

/** A day's free times and whether the practice is open that day: the self-service page's answer, for a new booking. */
export const bookingSlotsResponse = selfServiceSlotsResponse;

export const bookingCodeResponse = z.strictObject({
  verificationId: z.string().describe("Sent back with the code and the booking."),
  phone: z.string().describe("The number the code was texted to, E.164."),
});

export const bookingConfirmedResponse = z
  .strictObject({
    startsAt: instant,
    endsAt: instant,
    practitioner: z.string().nullable(),
    service: z.string().nullable(),
    businessName: z.string(),
    timeZone: z.string(),
  })
  .meta({ title: "BookingPageBooking" });
