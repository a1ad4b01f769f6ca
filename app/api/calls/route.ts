import { callListResponse } from "@/lib/receptionist/calls/calls.responses";
import { listCalls } from "@/lib/receptionist/calls/calls.service";
import { json } from "@/lib/platform/http/route";
import { ROLES } from "@/lib/platform/shared/roles";
import { ownPractitioner, route } from "@/lib/server/api-route";

export const runtime = "nodejs";

export const GET = route.owner({ roles: ROLES.everyone, scope: "calls:read", response: { 200: callListResponse } }, async ({ ctx, auth }) =>
  json({ calls: await listCalls(ctx.db, auth.userId, ownPractitioner(auth)) }),
);
