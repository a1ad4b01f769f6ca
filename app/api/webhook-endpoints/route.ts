import { webhookEndpointCreatedResponse, webhookEndpointListResponse } from "@/lib/accounts/webhooks/webhooks.responses";
import { webhookEndpointSchema } from "@/lib/accounts/webhooks/webhooks.schemas";
import { createEndpoint, listEndpoints } from "@/lib/accounts/webhooks/endpoints.service";
import { clientIp } from "@/lib/platform/http/client-ip";
import { json } from "@/lib/platform/http/route";
import { ROLES } from "@/lib/platform/shared/roles";
import { actorOf, route } from "@/lib/server/api-route";

export const runtime = "nodejs";

/** The practice's webhook endpoints, each with its state; never their signing secrets. */
export const GET = route.owner({ roles: ROLES.managers, response: { 200: webhookEndpointListResponse } }, async ({ ctx, auth }) =>
  json(await listEndpoints(ctx.db, auth.userId)),
);

/** Adds an endpoint (at most 10); the answer carries its signing secret, shown this once. */
export const POST = route.owner(
  { roles: ROLES.managers, body: webhookEndpointSchema, response: { 201: webhookEndpointCreatedResponse } },
  async ({ req, ctx, auth, input }) =>
    json(
      await createEndpoint(ctx, { userId: auth.userId, sessionId: auth.sessionId, clientIp: clientIp(req) }, input.body, actorOf(auth)),
      {
        status: 201,
      },
    ),
);
