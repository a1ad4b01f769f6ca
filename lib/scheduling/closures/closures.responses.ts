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
  area: z.string().describe('What the holidays are filled for: the country, and the region the address gives ("FR", "ES-MD", "GB-SCT").'),
  through: z.string().describe("YYYY-MM-DD, the last day filled (twelve months ahead)."),
  imported: z.number().int().describe("Holidays closed by this refresh."),
  skipped: z.number().int().describe("Holidays already closed, opened by the owner, or on days one of the owner's closures covers."),
  keptOpen: z
    .number()
    .int()
    .describe("Holidays left open because appointments are booked that day (listed as opened; close them again to close)."),
  closures: z.array(closureResponse).describe("The closures this refresh added."),
});

export const holidayResponse = z
  .strictObject({
    day: z.string().describe("YYYY-MM-DD, the holiday's local day (its first, for the rare holiday of several)."),
    to: z.string().describe("YYYY-MM-DD, its last day."),
    name: z.string().describe("Its name in the account's language."),
    open: z.boolean().describe("The owner keeps it open: refreshing the holidays never closes it."),
    closedBy: z
      .enum(["holiday", "owner"])
      .nullable()
      .describe('"holiday": closed as a public holiday; "owner": one of the owner\'s own closures covers it; null: open.'),
  })
  .meta({ title: "PublicHoliday" });

export const holidayListResponse = z.strictObject({
  area: z.string().describe('The business\'s area: the country, and the region its address gives ("FR", "ES-MD", "US-TX", "GB-SCT").'),
  regionName: z.string().nullable().describe('The region\'s name ("Comunidad de Madrid", "Scotland"); null for the country alone.'),
  holidays: z.array(holidayResponse).describe("Its public holidays from today through twelve months, earliest first."),
});

export const holidayChangeResponse = z.strictObject({
  message: z.string(),
  holiday: holidayResponse,
  appointmentsInside: z
    .number()
    .int()
    .describe("Closed again: appointments booked on it meanwhile. They stay, and the owner is told to move or cancel them."),
});
