import { callRoutingResponse } from "@/lib/receptionist/routing/routing.responses";
import { callRoutingSchema } from "@/lib/receptionist/routing/routing.schemas";
import { getRouting, saveRouting } from "@/lib/receptionist/routing/routing.service";
import { json } from "@/lib/platform/http/route";
import { ROLES } from "@/lib/platform/shared/roles";
import { route } from "@/lib/server/api-route";

export const runtime = "nodejs";

/** The routing as saved, the countries served, and the saved numbers no call is put through to, with why. */
export const GET = route.owner({ roles: ROLES.managers, response: { 200: callRoutingResponse } }, async ({ ctx, auth }) =>
  json(await getRouting(ctx.db, auth.userId)),
);

/**
 * Replaces who callers are put through to, what each is for and whom to try when each does not answer, and how: numbers
 * read in the business's country and kept in E.164, each listed once, each a mobile or landline of a country served
 * (`servedCountries`, when sent, replaces the countries added); each backup another of the list, with no loop.
 */
export const PUT = route.owner(
  { roles: ROLES.managers, body: callRoutingSchema, response: { 200: callRoutingResponse } },
  async ({ ctx, auth, input }) => json(await saveRouting(ctx.db, auth.userId, input.body)),
);
