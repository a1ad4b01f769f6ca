import { webhookDeliveryListResponse } from "@/lib/accounts/webhooks/webhooks.responses";
import { listDeliveries } from "@/lib/accounts/webhooks/endpoints.service";
import { idParam } from "@/lib/platform/http/params";
import { json } from "@/lib/platform/http/route";
import { ROLES } from "@/lib/platform/shared/roles";
import { route } from "@/lib/server/api-route";

export const runtime = "nodejs";

/** The endpoint's last 50 deliveries, newest first: what was sent, and how each attempt went. */
export const GET = route.owner(
  {
    roles: ROLES.managers,
    params: { id: (id: string) => idParam(id, "webhookEndpointNotFound") },
    response: { 200: webhookDeliveryListResponse },
  },
  async ({ ctx, auth, params }) => json(await listDeliveries(ctx.db, auth.userId, params.id)),
);
