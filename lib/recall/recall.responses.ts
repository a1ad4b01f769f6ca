// What the recall routes answer, as zod schemas for the route declarations' `response` (lib/server/api-route.ts),
// written from lib/recall/recall.service.ts.
import { z } from "zod";

const day = z.iso.date();
const instant = z.iso.datetime({ offset: true });

export const recallSettingsResponse = z
  .strictObject({
    services: z
      .array(
        z.strictObject({
          service: z.string().describe("One of the practice's services, as it names it."),
          intervalMonths: z
            .number()
            .int()
            .nullable()
            .describe("Months after an appointment for it when the caller is due again; null: no recall."),
        }),
      )
      .describe("Every service of the practice, in its order."),
  })
  .meta({ title: "RecallSettings" });

const caller = {
  phone: z.string().describe("E.164: the number of the appointment the interval counts from."),
  name: z.string().nullable().describe("The patient's name on that appointment; null once it is erased."),
  service: z.string(),
  dueOn: day.describe("The local date the caller is due: the appointment's date plus the service's interval."),
};

export const recallsResponse = z
  .strictObject({
    bookingPageEnabled: z.boolean().describe("Recall texts carry the booking page's link: none go out while it is off."),
    due: z
      .array(
        z.strictObject({
          ...caller,
          lastVisit: day.describe("The local date of their last appointment for the service."),
          optedOut: z.boolean().describe("The number asked for no more texts (STOP): it is not texted."),
        }),
      )
      .describe("Callers due and not texted yet, the longest due first."),
    texted: z
      .array(z.strictObject({ id: z.uuid(), ...caller, sentAt: instant }))
      .describe("Callers texted who have not booked since, the latest first."),
    booked: z
      .array(
        z.strictObject({
          id: z.uuid(),
          ...caller,
          sentAt: instant,
          appointmentStartsAt: instant.describe("The start of the first appointment they booked after the text."),
        }),
      )
      .describe("Callers who booked after their text, the latest text first."),
  })
  .meta({ title: "Recalls" });

export const recallsSentResponse = z
  .strictObject({ texted: z.number().int().describe("Recall texts queued by this run.") })
  .meta({ title: "RecallsSent" });
