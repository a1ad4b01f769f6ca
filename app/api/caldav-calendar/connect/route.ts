import { calendarConnectedResponse } from "@/lib/scheduling/calendar/calendar.responses";
import { caldavConnectSchema } from "@/lib/scheduling/calendar/calendar.schemas";
import { connectCalendar } from "@/lib/scheduling/calendar/calendar.service";
import { json } from "@/lib/platform/http/route";
import { ROLES } from "@/lib/platform/shared/roles";
import { ownPractitioner, route } from "@/lib/server/api-route";

export const runtime = "nodejs";

/** A CalDAV calendar (iCloud, Fastmail, Nextcloud): the account is checked and its calendar found before it is kept. */
export const POST = route.owner(
  { roles: ROLES.everyone, body: caldavConnectSchema, response: { 200: calendarConnectedResponse } },
  async ({ ctx, auth, input }) => {
    const { serverUrl, username, password, practitionerId } = input.body;
    return json(
      await connectCalendar(
        { db: ctx.db, calendar: ctx.providers.calendar, secrets: ctx.secrets, jobs: ctx.jobs },
        auth.userId,
        "caldav",
        { serverUrl, username, password },
        ownPractitioner(auth, practitionerId),
      ),
    );
  },
);
