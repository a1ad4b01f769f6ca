import { env, requireSecret } from "@/lib/platform/env";
import { AppError } from "@/lib/platform/errors";
import { json } from "@/lib/platform/http/route";
import { inbox } from "@/lib/server/inbox";
import { sandboxTextResponse } from "@/lib/messaging/inbox/inbox.responses";
import { sandboxTextSchema } from "@/lib/messaging/inbox/inbox.schemas";
import { lineOf } from "@/lib/messaging/inbox/threads.service";
import { businessCountryOf } from "@/lib/accounts/business/business-country";
import { requirePhone } from "@/lib/platform/phone/phone";
import { providerModes } from "@/lib/vendors/registry";
import { ROLES } from "@/lib/platform/shared/roles";
import { route } from "@/lib/server/api-route";
import { receiveTelnyxWebhook } from "@/lib/vendors/telnyx/events";
import { sandboxInboundEvent } from "@/lib/vendors/telnyx/sandbox-inbound";
import { sandboxTelnyxKeys } from "@/lib/vendors/telnyx/webhook";

export const runtime = "nodejs";

/**
 * Sandbox only: a caller texts the business's line. The event Telnyx would post is built, signed with the sandbox key
 * and handed to the same receiver the webhook uses, which verifies it first.
 */
export const POST = route.owner(
  {
    roles: ROLES.frontDesk,
    available: () => providerModes(env()).sms === "sandbox",
    body: sandboxTextSchema,
    response: { 200: sandboxTextResponse },
  },
  async ({ ctx, auth, input }) => {
    const line = await lineOf(ctx.db, auth.userId);
    if (!line) throw new AppError("conflict", "noLineForTexts");
    const from = requirePhone(input.body.from, await businessCountryOf(ctx.db, auth.userId), "from")!;
    const secret = requireSecret("AUTH_SECRET");
    const { raw, headers } = sandboxInboundEvent(secret, { from, to: line, text: input.body.text, channel: input.body.channel });
    await ctx.jobs.ready();
    const result = await receiveTelnyxWebhook(ctx.db, raw, headers, sandboxTelnyxKeys(secret).publicKeyB64, inbox(ctx.jobs));
    return json({ received: true as const, action: result.action });
  },
);
