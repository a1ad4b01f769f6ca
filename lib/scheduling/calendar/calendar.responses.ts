// What the calendar routes answer, as zod schemas for the route declarations' `response` (lib/server/api-route.ts),
// written from lib/scheduling/calendar/calendar.service.ts and the sandbox calendars' events.
import { z } from "zod";

const instant = z.iso.datetime({ offset: true });

export const calendarConnectedResponse = z.strictObject({
  success: z.boolean(),
  hasGoogleOAuth: z.boolean().describe("Some practitioner's calendar is connected (the contract's name, whatever the provider)."),
  sandbox: z.boolean().describe("The connection is the provider's sandbox twin's."),
  provider: z.enum(["google", "microsoft", "caldav"]),
  practitionerId: z.string().describe("Whose calendar it is."),
  accountEmail: z.string().nullable().describe("The account connected (an e-mail address, a CalDAV username), when known."),
});

export const calendarDisconnectedResponse = z.strictObject({
  success: z.boolean(),
  hasGoogleOAuth: z.boolean().describe("Some practitioner's calendar is still connected."),
});

export const sandboxEventsResponse = z.strictObject({
  sandbox: z.literal(true),
  timeZone: z.string(),
  events: z.array(
    z.strictObject({
      practitionerId: z.string().describe("Whose sandbox calendar holds it."),
      eventId: z.string(),
      start: instant,
      end: instant,
      summary: z.string(),
      description: z.string(),
      attendeeEmail: z.string().nullable(),
    }),
  ),
});
