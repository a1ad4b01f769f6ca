import { calendarDisconnectedResponse } from "@/lib/scheduling/calendar/calendar.responses";
import { disconnectCalendar } from "@/lib/scheduling/calendar/calendar.service";
import { json } from "@/lib/platform/http/route";
import { route } from "@/lib/server/api-route";

export const runtime = "nodejs";

export const POST = route.owner({ response: { 200: calendarDisconnectedResponse } }, async ({ ctx, auth }) =>
  json(await disconnectCalendar({ db: ctx.db, calendar: ctx.providers.calendar, secrets: ctx.secrets }, auth.userId)),
);
