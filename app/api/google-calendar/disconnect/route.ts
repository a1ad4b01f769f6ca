import { calendarDisconnectedResponse } from "@/lib/scheduling/calendar/calendar.responses";
import { disconnectSchema } from "@/lib/scheduling/calendar/calendar.schemas";
import { disconnectCalendar } from "@/lib/scheduling/calendar/calendar.service";
import { json } from "@/lib/platform/http/route";
import { ROLES } from "@/lib/platform/shared/roles";
import { ownPractitioner, route } from "@/lib/server/api-route";

export const runtime = "nodejs";

// A practitioner's calendar, whichever provider it is with: the body may name them (none: the practice's first).
export const POST = route.owner(
  { roles: ROLES.everyone, body: disconnectSchema, response: { 200: calendarDisconnectedResponse } },
  async ({ ctx, auth, input }) =>
    json(
      await disconnectCalendar(
        { db: ctx.db, calendar: ctx.providers.calendar, secrets: ctx.secrets },
        auth.userId,
        ownPractitioner(auth, input.body.practitionerId),
      ),
    ),
);
