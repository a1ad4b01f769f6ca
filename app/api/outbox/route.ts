import { env } from "@/lib/platform/env";
import { json } from "@/lib/platform/http/route";
import { outboxResponse } from "@/lib/messaging/notifications/notifications.responses";
import { listOutbox } from "@/lib/messaging/notifications/outbox.service";
import { providerModes } from "@/lib/vendors/registry";
import { ROLES } from "@/lib/platform/shared/roles";
import { route } from "@/lib/server/api-route";

export const runtime = "nodejs";

export const GET = route.owner({ roles: ROLES.managers, response: { 200: outboxResponse } }, async ({ ctx, auth }) => {
  const modes = providerModes(env());
  return json({
    sandbox: { email: modes.email === "sandbox", sms: modes.sms === "sandbox", whatsapp: modes.whatsapp === "sandbox" },
    messages: await listOutbox(ctx.db, ctx.secrets, auth.userId),
  });
});
