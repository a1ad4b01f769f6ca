import { waitlistEntryResponse, waitlistListResponse } from "@/lib/waitlist/waitlist.responses";
import { addWaitlistSchema } from "@/lib/waitlist/waitlist.schemas";
import { addByOwner, listWaitlist } from "@/lib/waitlist/waitlist.service";
import { json } from "@/lib/platform/http/route";
import { route } from "@/lib/server/api-route";

export const runtime = "nodejs";

export const GET = route.owner({ response: { 200: waitlistListResponse } }, async ({ ctx, auth }) =>
  json(await listWaitlist(ctx.db, auth.userId)),
);

/**
 * Adds someone waiting for an earlier appointment: the days (and optionally the times and the service) they can come.
 * Freed slots are offered by text in the order people joined; the first YES books it.
 */
export const POST = route.owner({ body: addWaitlistSchema, response: { 201: waitlistEntryResponse } }, async ({ ctx, auth, input }) =>
  json(await addByOwner(ctx.db, auth.userId, input.body), { status: 201 }),
);
