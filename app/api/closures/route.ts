import { closureListResponse, createdClosureResponse } from "@/lib/scheduling/closures/closures.responses";
import { closureSchema } from "@/lib/scheduling/closures/closures.schemas";
import { createClosure, listClosures } from "@/lib/scheduling/closures/closures.service";
import { json } from "@/lib/platform/http/route";
import { ROLES } from "@/lib/platform/shared/roles";
import { ownPractitioner, route } from "@/lib/server/api-route";

export const runtime = "nodejs";

/** The closures and special hours not over yet, earliest first. */
export const GET = route.owner({ roles: ROLES.everyone, response: { 200: closureListResponse } }, async ({ ctx, auth }) =>
  json(await listClosures(ctx.db, auth.userId)),
);

/**
 * Adds a closure (closed, or open on special hours), from today on; overlapping another is a 409. A practitioner member
 * adds their own days away only: the closure is theirs, whoever it names.
 */
export const POST = route.owner(
  { roles: ROLES.everyone, body: closureSchema, response: { 201: createdClosureResponse } },
  async ({ ctx, auth, input }) => {
    const practitionerId = ownPractitioner(auth, input.body.practitionerId);
    return json(await createClosure(ctx.db, auth.userId, { ...input.body, practitionerId }), { status: 201 });
  },
);
