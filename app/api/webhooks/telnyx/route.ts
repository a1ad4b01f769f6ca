import { env, requireSecret } from "@/lib/platform/env";
import { receivedResponse } from "@/lib/platform/http/http.responses";
import { json, MAX_BODY_BYTES, readBody } from "@/lib/platform/http/route";
import { route } from "@/lib/server/api-route";
import { countedWebhook } from "@/lib/server/metrics";
import { inbox } from "@/lib/server/inbox";
import { receiveTelnyxWebhook } from "@/lib/vendors/telnyx/events";
import { sandboxTelnyxKeys } from "@/lib/vendors/telnyx/webhook";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/**
 * Telnyx events: messaging (inbound texts, which the inbox reads, and delivery receipts) and an incoming call's
 * `call.initiated`, whose caller-ID attestation goes on the call. Signed with Ed25519; without TELNYX_PUBLIC_KEY (sandbox)
 * the key derived from AUTH_SECRET is expected instead, so the check is never skipped. Telnyx wants a 2xx within 2 s
 * and retries otherwise, which the event-id bookkeeping makes harmless.
 */
export const POST = route.webhook({ response: { 200: receivedResponse } }, async ({ req, ctx }) => {
  await countedWebhook("telnyx", async () => {
    // The signature covers these exact bytes: read once (refused past the limit while reading), then verified.
    const raw = await readBody(req, MAX_BODY_BYTES);
    const publicKey = env().TELNYX_PUBLIC_KEY ?? sandboxTelnyxKeys(requireSecret("AUTH_SECRET")).publicKeyB64;
    // The queue is started before the event's transaction: the answers it enqueues are inserted by that transaction.
    await ctx.jobs.ready();
    return receiveTelnyxWebhook(ctx.db, raw, req.headers, publicKey, inbox(ctx.jobs));
  });
  return json({ received: true });
});
