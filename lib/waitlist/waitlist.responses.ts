// What the waitlist routes answer, as zod schemas for the route declarations' `response` (lib/server/api-route.ts),
// written from lib/waitlist/waitlist.service.ts.
import { z } from "zod";

const instant = z.iso.datetime({ offset: true });

export const waitlistOfferResponse = z
  .strictObject({
    id: z.string(),
    startsAt: instant.describe("The freed slot offered."),
    status: z
      .enum(["open", "taken", "gone", "expired"])
      .describe("open: waiting for their YES; taken: they booked it; gone: someone else did; expired: no answer in time."),
    expiresAt: instant,
    appointmentId: z.string().nullable(),
    createdAt: instant,
  })
  .meta({ title: "WaitlistOffer" });

export const waitlistEntryResponse = z
  .strictObject({
    id: z.string(),
    name: z.string(),
    phone: z.string().describe("E.164."),
    from: z.string().describe("YYYY-MM-DD, the first day they can come (the business's local date)."),
    to: z.string().describe("YYYY-MM-DD, the last day, included."),
    service: z.string().nullable(),
    times: z
      .array(z.strictObject({ from: z.string(), to: z.string() }))
      .nullable()
      .describe('Windows of the day, local "HH:MM"; null: any time the practice is open.'),
    language: z.enum(["en", "fr", "es"]),
    channel: z.enum(["sms", "whatsapp"]),
    source: z.enum(["dashboard", "phone"]).describe("Added by the owner, or by the receptionist on a call."),
    status: z.enum(["waiting", "booked", "expired"]).describe("expired: their last day has passed."),
    appointmentId: z.string().nullable().describe("The appointment an offer they took booked."),
    offers: z.array(waitlistOfferResponse).describe("The freed slots offered to them, latest first."),
    createdAt: instant,
  })
  .meta({ title: "WaitlistEntry" });

export type WaitlistEntry = z.output<typeof waitlistEntryResponse>;

export const waitlistListResponse = z.strictObject({
  entries: z.array(waitlistEntryResponse).describe("In the order they joined: the order freed slots are offered in."),
  services: z.array(z.string()).describe("The practice's services, one of which an entry may name."),
  timeZone: z.string(),
});
