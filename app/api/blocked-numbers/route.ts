import { blockedNumberListResponse, blockedNumberResponse } from "@/lib/receptionist/screening/blocked-numbers.responses";
import { blockNumberSchema } from "@/lib/receptionist/screening/blocked-numbers.schemas";
import { blockNumber, listBlocked } from "@/lib/receptionist/screening/blocked-numbers.service";
import { json } from "@/lib/platform/http/route";
import { ROLES } from "@/lib/platform/shared/roles";
import { route } from "@/lib/server/api-route";

export const runtime = "nodejs";

export const GET = route.owner({ roles: ROLES.frontDesk, response: { 200: blockedNumberListResponse } }, async ({ ctx, auth }) =>
  json(await listBlocked(ctx.db, auth.userId)),
);

/** Blocks a number (read in the business's country, kept in E.164): its calls hear one sentence and end, uncounted. */
export const POST = route.owner(
  { roles: ROLES.frontDesk, body: blockNumberSchema, response: { 201: blockedNumberResponse } },
  async ({ ctx, auth, input }) => json(await blockNumber(ctx.db, auth.userId, input.body), { status: 201 }),
);
