import { webhookEndpointResponse } from "@/lib/accounts/webhooks/webhooks.responses";
import { webhookEndpointSchema } from "@/lib/accounts/webhooks/webhooks.schemas";
import { deleteEndpoint, updateEndpoint } from "@/lib/accounts/webhooks/endpoints.service";
import { messageResponse } from "@/lib/platform/http/http.responses";
import { idParam } from "@/lib/platform/http/params";
import { clientIp } from "@/lib/platform/http/client-ip";
import { json, message } from "@/lib/platform/http/route";
import { ROLES } from "@/lib/platform/shared/roles";
import { actorOf, route } from "@/lib/server/api-route";

export const runtime = "nodejs";

const params = { id: (id: string) => idParam(id, "webhookEndpointNotFound") };

/** Changes the address, description, events or whether it is on; the signing secret stays. */
export const PUT = route.owner(
  { roles: ROLES.managers, params, body: webhookEndpointSchema, response: { 200: webhookEndpointResponse } },
  async ({ req, ctx, auth, params, input }) =>
    json(
      await updateEndpoint(
        ctx,
        { userId: auth.userId, sessionId: auth.sessionId, clientIp: clientIp(req) },
        params.id,
        input.body,
        actorOf(auth),
      ),
    ),
);

/** Deletes the endpoint and its delivery log. */
export const DELETE = route.owner(
  { roles: ROLES.managers, params, response: { 200: messageResponse } },
  async ({ ctx, auth, params, locale }) => {
    await deleteEndpoint(ctx.db, auth.userId, params.id, actorOf(auth));
    return message(locale, "webhookEndpointDeleted");
  },
);
