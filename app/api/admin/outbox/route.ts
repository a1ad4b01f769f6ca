import { env } from "@/lib/platform/env";
import { json } from "@/lib/platform/http/route";
import { sandboxOutboxQuerySchema } from "@/lib/messaging/notifications/outbox.schemas";
import { listSandboxOutbox } from "@/lib/messaging/notifications/outbox.service";
import { businessCountryOf } from "@/lib/accounts/business/business-country";
import { sandboxOutboxResponse } from "@/lib/messaging/notifications/notifications.responses";
import { providerModes } from "@/lib/vendors/registry";
import { route } from "@/lib/server/api-route";

export const runtime = "nodejs";

/** What the sandbox delivered instead of SMTP or Telnyx, for every account; `?q=` and `?channel=` narrow it. */
export const GET = route.admin(
  {
    query: sandboxOutboxQuerySchema,
    response: { 200: sandboxOutboxResponse },
  },
  async ({ ctx, auth, input }) => {
    const modes = providerModes(env());
    return json({
      sandbox: { email: modes.email === "sandbox", sms: modes.sms === "sandbox", whatsapp: modes.whatsapp === "sandbox" },
      messages: await listSandboxOutbox(ctx.db, ctx.secrets, { ...input.query, region: await businessCountryOf(ctx.db, auth.userId) }),
    });
  },
);
