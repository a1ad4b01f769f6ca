import { callDetailResponse } from "@/lib/receptionist/calls/calls.responses";
import { getCall } from "@/lib/receptionist/calls/calls.service";
import { idParam } from "@/lib/platform/http/params";
import { json } from "@/lib/platform/http/route";
import { ROLES } from "@/lib/platform/shared/roles";
import { ownPractitioner, route } from "@/lib/server/api-route";

export const runtime = "nodejs";

export const GET = route.owner(
  {
    roles: ROLES.everyone,
    scope: "calls:read",
    params: { id: (id) => idParam(id, "callNotFound") },
    response: { 200: callDetailResponse },
  },
  async ({ ctx, auth, params }) => json(await getCall(ctx.db, auth.userId, params.id, ownPractitioner(auth))),
);
