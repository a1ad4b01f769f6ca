import { calendarFeedIcsResponse } from "@/lib/scheduling/calendar-feed/calendar-feed.responses";
import { calendarFeedIcs } from "@/lib/scheduling/calendar-feed/calendar-feed.service";
import { route } from "@/lib/server/api-route";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/**
 * The calendar feed behind a private address (`<token>.ics`, or the token alone), as iCalendar for calendar apps to
 * subscribe to: no session, the token is the key (an unknown or revoked one is a 404). The request's log line names the
 * route's pattern, never the token.
 */
export const GET = route.public(
  {
    params: { token: (t) => t },
    response: { 200: calendarFeedIcsResponse },
    description: "No session: the unguessable token in the address is the credential. Revoked with DELETE /api/calendar-feed.",
  },
  async ({ ctx, params }) =>
    new Response(await calendarFeedIcs({ db: ctx.db, appUrl: ctx.session.appUrl }, params.token), {
      headers: {
        "content-type": "text/calendar; charset=utf-8",
        "content-disposition": 'inline; filename="calendar.ics"',
        // Callers' details: no shared cache may keep them, and every fetch asks again, so a revoked address or a
        // cancelled appointment is gone at the next refresh.
        "cache-control": "private, no-cache",
        "x-robots-tag": "noindex, nofollow",
      },
    }),
);
