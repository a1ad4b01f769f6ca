import { webhookDeliveryResponse } from "@/lib/accounts/webhooks/webhooks.responses";
import { resendDelivery } from "@/lib/accounts/webhooks/endpoints.service";
import { idParam } from "@/lib/platform/http/params";
import { json } from "@/lib/platform/http/route";
import { ROLES } from "@/lib/platform/shared/roles";
import { route } from "@/lib/server/api-route";

export const runtime = "nodejs";

/** Sends a delivered or failed delivery again, with the same body and webhook-id, and three more days of attempts. */
export const POST = route.owner(
  {
    roles: ROLES.managers,
    params: {
      id: (id: string) => idParam(id, "webhookEndpointNotFound"),
      deliveryId: (id: string) => idParam(id, "webhookDeliveryNotFound"),
    },
    response: { 202: webhookDeliveryResponse },
  },
  async ({ ctx, auth, params }) => json(await resendDelivery(ctx, auth.userId, params.id, params.deliveryId), { status: 202 }),
);
