import { waitlistEntryResponse, waitlistListResponse } from "@/lib/waitlist/waitlist.responses";
import { addWaitlistSchema } from "@/lib/waitlist/waitlist.schemas";
import { addByOwner, listWaitlist } from "@/lib/waitlist/waitlist.service";
import { json } from "@/lib/platform/http/route";
import { ROLES } from "@/lib/platform/shared/roles";
import { route } from "@/lib/server/api-route";

export const runtime = "nodejs";

export const GET = route.owner({ roles: ROLES.frontDesk, response: { 200: waitlistListResponse } }, async ({ ctx, auth }) =>
  json(await listWaitlist(ctx.db, auth.userId)),
);

/**
 * Adds someone waiting for an earlier appointment: the days (and optionally the times and the service) they can come.
 * Freed slots are offered by text in the order people joined; the first YES books it.
 */
export const POST = route.owner(
  { roles: ROLES.frontDesk, body: addWaitlistSchema, response: { 201: waitlistEntryResponse } },
  async ({ ctx, auth, input }) => json(await addByOwner(ctx.db, auth.userId, input.body), { status: 201 }),
);
