import { getDb } from "@/db/client";
import { env, requireSecret } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { json, MAX_BODY_BYTES, route } from "@/lib/http/route";
import { handleTelnyxEvent, parseTelnyxEvent } from "@/lib/telnyx/events";
import { sandboxTelnyxKeys, verifyTelnyxSignature } from "@/lib/telnyx/webhook";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/**
 * Telnyx messaging events (inbound texts, delivery receipts). Signed with Ed25519; without TELNYX_PUBLIC_KEY (sandbox)
 * the key derived from AUTH_SECRET is expected instead, so the check is never skipped. Telnyx wants a 2xx within 2 s
 * and retries otherwise, which the event-id bookkeeping makes harmless.
 */
export const POST = route(async (req) => {
  if (Number(req.headers.get("content-length") ?? "0") > MAX_BODY_BYTES) throw new AppError("payload_too_large", "bodyTooLarge");
  // The signature covers these exact bytes: read once, verify, and only then parse.
  const raw = await req.text();
  if (raw.length > MAX_BODY_BYTES) throw new AppError("payload_too_large", "bodyTooLarge");
  const publicKey = env().TELNYX_PUBLIC_KEY ?? sandboxTelnyxKeys(requireSecret("AUTH_SECRET")).publicKeyB64;
  if (!verifyTelnyxSignature(raw, req.headers, publicKey)) return json({ message: "Invalid signature" }, { status: 401 });
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    throw new AppError("bad_request", "invalidJson");
  }
  const event = parseTelnyxEvent(body);
  // Valid JSON that is not a Telnyx event (no data.id / data.event_type): "The request is not valid".
  if (!event) throw new AppError("bad_request", "Validation.invalid", { field: "@Fields.body" });
  await handleTelnyxEvent(getDb(), event);
  return json({ received: true });
});
