import { webhookDeliveryResponse } from "@/lib/accounts/webhooks/webhooks.responses";
import { sendTestEvent } from "@/lib/accounts/webhooks/endpoints.service";
import { idParam } from "@/lib/platform/http/params";
import { json } from "@/lib/platform/http/route";
import { ROLES } from "@/lib/platform/shared/roles";
import { route } from "@/lib/server/api-route";

export const runtime = "nodejs";

/** Sends a "webhook.test" event to this endpoint: the delivery is queued, and shows in the log as it goes. */
export const POST = route.owner(
  {
    roles: ROLES.managers,
    params: { id: (id: string) => idParam(id, "webhookEndpointNotFound") },
    response: { 202: webhookDeliveryResponse },
    description: "At most 5 test events per endpoint per minute: past that, 429 with Retry-After (seconds).",
  },
  async ({ ctx, auth, params }) => json(await sendTestEvent(ctx, auth.userId, params.id), { status: 202 }),
);
