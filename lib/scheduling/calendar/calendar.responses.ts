// What the calendar routes answer, as zod schemas for the route declarations' `response` (lib/server/api-route.ts),
// written from lib/scheduling/calendar/calendar.service.ts and the sandbox calendar's events.
import { z } from "zod";

const instant = z.iso.datetime({ offset: true });

export const calendarConnectedResponse = z.strictObject({
  success: z.boolean(),
  hasGoogleOAuth: z.boolean(),
  sandbox: z.boolean().describe("The connection is the sandbox calendar's."),
});

export const calendarDisconnectedResponse = z.strictObject({ success: z.boolean(), hasGoogleOAuth: z.boolean() });

export const sandboxEventsResponse = z.strictObject({
  sandbox: z.literal(true),
  timeZone: z.string(),
  events: z.array(
    z.strictObject({
      eventId: z.string(),
      start: instant,
      end: instant,
      summary: z.string(),
      description: z.string(),
      attendeeEmail: z.string().nullable(),
    }),
  ),
});
