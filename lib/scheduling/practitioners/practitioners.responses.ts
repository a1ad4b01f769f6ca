// What the practitioners routes answer, as zod schemas for the route declarations' `response` (lib/server/api-route.ts),
// written from lib/scheduling/practitioners/practitioners.service.ts.
import { z } from "zod";
import { dayHours as day } from "@/lib/accounts/account/accounts.responses";
const week = z.strictObject({
  monday: day,
  tuesday: day,
  wednesday: day,
  thursday: day,
  friday: day,
  saturday: day,
  sunday: day,
});

export const practitionerResponse = z
  .strictObject({
    id: z.string(),
    name: z.string().nullable().describe("Null: the owner, named by the account (see displayName)."),
    displayName: z.string().describe("The name shown and said: the practitioner's, or the owner's full name."),
    services: z
      .array(z.strictObject({ name: z.string(), durationMinutes: z.number().int() }))
      .describe("The services they offer; empty: every service of the practice, at its appointment length."),
    workingHours: week.nullable().describe("Their own week; null: the practice's hours."),
    upcomingAppointments: z.number().int().describe("Booked appointments with them still to come."),
    calendar: z
      .strictObject({
        provider: z.enum(["google", "microsoft", "caldav"]),
        sandbox: z.boolean(),
        accountEmail: z.string().nullable(),
        connectedAt: z.iso.datetime({ offset: true }),
        revokedAt: z.iso.datetime({ offset: true }).nullable().describe("The provider refused the grant: to reconnect."),
      })
      .nullable()
      .describe("Their calendar connection; null: none."),
  })
  .meta({ title: "Practitioner" });

/** A practitioner as the API sees it. */
export type Practitioner = z.output<typeof practitionerResponse>;

export const practitionerListResponse = z.strictObject({ practitioners: z.array(practitionerResponse) });
