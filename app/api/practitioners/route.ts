import { practitionerListResponse, practitionerResponse } from "@/lib/scheduling/practitioners/practitioners.responses";
import { practitionerSchema } from "@/lib/scheduling/practitioners/practitioners.schemas";
import { createPractitioner, listPractitioners } from "@/lib/scheduling/practitioners/practitioners.service";
import { json } from "@/lib/platform/http/route";
import { ROLES } from "@/lib/platform/shared/roles";
import { route } from "@/lib/server/api-route";

export const runtime = "nodejs";

/** The business's practitioners, in the practice's order; there is always at least one (the owner). */
export const GET = route.owner({ roles: ROLES.everyone, response: { 200: practitionerListResponse } }, async ({ ctx, auth }) =>
  json(await listPractitioners(ctx.db, auth.userId)),
);

/** Adds a practitioner; a name the practice already has, or one past the limit, is a 409. */
export const POST = route.owner(
  { roles: ROLES.managers, body: practitionerSchema, response: { 201: practitionerResponse } },
  async ({ ctx, auth, input }) => json(await createPractitioner(ctx.db, auth.userId, input.body), { status: 201 }),
);
