import { calendarConnectedResponse } from "@/lib/scheduling/calendar/calendar.responses";
import { oauthConnectSchema } from "@/lib/scheduling/calendar/calendar.schemas";
import { connectCalendar } from "@/lib/scheduling/calendar/calendar.service";
import { json } from "@/lib/platform/http/route";
import { ROLES } from "@/lib/platform/shared/roles";
import { ownPractitioner, route } from "@/lib/server/api-route";

export const runtime = "nodejs";

export const POST = route.owner(
  { roles: ROLES.everyone, body: oauthConnectSchema, response: { 200: calendarConnectedResponse } },
  async ({ ctx, auth, input }) =>
    json(
      await connectCalendar(
        { db: ctx.db, calendar: ctx.providers.calendar, secrets: ctx.secrets, jobs: ctx.jobs },
        auth.userId,
        "google",
        { code: input.body.code },
        ownPractitioner(auth, input.body.practitionerId),
      ),
    ),
);
