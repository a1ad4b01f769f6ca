import { json, readBody } from "@/lib/platform/http/route";
import { vapiSecretMatches } from "@/lib/vendors/vapi/auth";
import { handleVapiMessage, VapiPayloadError } from "@/lib/vendors/vapi/webhook";
import { route } from "@/lib/server/api-route";
import { countedWebhook } from "@/lib/server/metrics";
import { AppError } from "@/lib/platform/errors";
import { vapiAnswerResponse } from "@/lib/vendors/vapi/vapi.responses";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// Vapi's server URL. The shared secret is checked before the body is read; tool answers are always HTTP 200. Each
// delivery is counted by outcome (lib/server/metrics.ts: a wrong secret is invalid_signature).
export const POST = route.webhook({ response: { 200: vapiAnswerResponse } }, (call) =>
  countedWebhook("vapi", async () => {
    const { req } = call;
    const ctx = call.ctx;
    if (!vapiSecretMatches(req.headers, ctx.voiceWebhook.webhookSecret)) throw new AppError("unauthorized", "webhookUnauthorized");
    const raw = await readBody(req, 2 * 1024 * 1024);
    let payload: unknown;
    try {
      payload = JSON.parse(raw);
    } catch {
      throw new AppError("bad_request", "invalidJson");
    }
    try {
      return json(await handleVapiMessage({ ...ctx.booking, ...ctx.voiceWebhook, afterAnswer: call.afterAnswer }, payload));
    } catch (e) {
      if (e instanceof VapiPayloadError) throw new AppError("bad_request", "invalidWebhookPayload");
      throw e;
    }
  }),
);
