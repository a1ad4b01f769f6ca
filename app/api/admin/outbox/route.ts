import { env } from "@/lib/env";
import { json } from "@/lib/http/route";
import { sandboxOutboxQuerySchema } from "@/lib/notifications/outbox.schemas";
import { listSandboxOutbox } from "@/lib/notifications/outbox.service";
import { businessCountryOf } from "@/lib/business/business-country";
import { sandboxOutboxResponse } from "@/lib/notifications/notifications.responses";
import { providerModes } from "@/lib/providers/registry";
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
      messages: await listSandboxOutbox(ctx.db, { ...input.query, region: await businessCountryOf(ctx.db, auth.userId) }),
    });
  },
);
