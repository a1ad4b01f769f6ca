import { removeFromWaitlist } from "@/lib/waitlist/waitlist.service";
import { messageResponse } from "@/lib/platform/http/http.responses";
import { idParam } from "@/lib/platform/http/params";
import { message } from "@/lib/platform/http/route";
import { ROLES } from "@/lib/platform/shared/roles";
import { route } from "@/lib/server/api-route";

export const runtime = "nodejs";

/** Removes someone from the waitlist: an offer they were sent can no longer be taken. */
export const DELETE = route.owner(
  { roles: ROLES.frontDesk, params: { id: (id: string) => idParam(id, "waitlistEntryNotFound") }, response: { 200: messageResponse } },
  async ({ ctx, auth, params, locale }) => {
    await removeFromWaitlist(ctx.db, auth.userId, params.id);
    return message(locale, "waitlistEntryRemoved");
  },
);
