// What the closures routes answer, as zod schemas for the route declarations' `response` (lib/server/api-route.ts),
// written from lib/scheduling/closures/closures.service.ts.
import { z } from "zod";

export const closureResponse = z
  .strictObject({
    id: z.string(),
    practitionerId: z.string().nullable().describe("Null: the whole practice. Set: one practitioner away, or on other hours."),
    from: z.string().describe("YYYY-MM-DD, the business's local date."),
    to: z.string().describe("YYYY-MM-DD, included."),
    openTime: z.string().nullable().describe('"HH:mm" when open on special hours; null when closed.'),
    closeTime: z.string().nullable(),
    reason: z.string().nullable().describe("What the receptionist may tell callers."),
    source: z.enum(["owner", "holiday"]),
  })
  .meta({ title: "Closure" });

export const createdClosureResponse = closureResponse
  .extend({
    appointmentsInside: z
      .number()
      .int()
      .describe("Appointments already booked inside it: they stay, and the owner is told to move or cancel them."),
  })
  .meta({ title: "CreatedClosure" });

/** A closure as the API (and the dashboard's card) sees it. */
export type Closure = z.output<typeof closureResponse>;

export const closureListResponse = z.strictObject({ closures: z.array(closureResponse) });

export const holidayImportResponse = z.strictObject({
  message: z.string(),
  imported: z.number().int(),
  skipped: z.number().int().describe("Holidays already past, or on days that already have a closure."),
  closures: z.array(closureResponse),
});
