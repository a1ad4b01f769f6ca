import { calendarFeedResponse } from "@/lib/scheduling/calendar-feed/calendar-feed.responses";
import { calendarFeedQuerySchema } from "@/lib/scheduling/calendar-feed/calendar-feed.schemas";
import { getCalendarFeed, revokeCalendarFeed } from "@/lib/scheduling/calendar-feed/calendar-feed.service";
import { messageResponse } from "@/lib/platform/http/http.responses";
import { json, message } from "@/lib/platform/http/route";
import { ROLES } from "@/lib/platform/shared/roles";
import { route } from "@/lib/server/api-route";

export const runtime = "nodejs";

/**
 * The private address of the practice's calendar feed, or of one practitioner's with `?practitionerId=`; made on the
 * first ask, the same one after.
 */
export const GET = route.owner(
  // Not flagged state-changing: making the address on the first ask is invisible to the owner (they are given the same one
  // either way), and a page of another site cannot read the answer.
  { roles: ROLES.managers, query: calendarFeedQuerySchema, response: { 200: calendarFeedResponse } },
  async ({ ctx, auth, input }) =>
    json(await getCalendarFeed({ db: ctx.db, secrets: ctx.secrets, appUrl: ctx.session.appUrl }, auth.userId, input.query.practitionerId)),
);

/** Revokes the feed's address: every app subscribed to it stops receiving the appointments; the next GET gives a new one. */
export const DELETE = route.owner(
  { roles: ROLES.managers, query: calendarFeedQuerySchema, response: { 200: messageResponse } },
  async ({ ctx, auth, input, locale }) => {
    await revokeCalendarFeed({ db: ctx.db }, auth.userId, input.query.practitionerId);
    return message(locale, "calendarFeedRevoked");
  },
);
