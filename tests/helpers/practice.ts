// A business that answers calls (owner, sandbox calendar, live trial, a line of its own) and the Vapi server URL as the
// platform calls it (shared secret header), for tests that play provider messages against real rows.
import { expect } from "vitest";
import { getDb } from "@/db/client";
import { subscriptions } from "@/db/schema";
import { addPoolNumbers, api, connectSandboxCalendar, registerOwner, type Account } from "./api";
import { readReply, type ToolReply } from "@/lib/receptionist/tools/replies";
import { dayAhead, vapiMessage } from "./vapi-messages";

export { dayAhead, vapiMessage };

export const VAPI_SECRET = { "x-vapi-secret": "test-vapi-secret" };

const open = { isOpen: true, openTime: "08:00", closeTime: "18:00" };
const EVERY_DAY = { monday: open, tuesday: open, wednesday: open, thursday: open, friday: open, saturday: open, sunday: open };

export type Practice = Account & { line: string };

/**
 * A French practice open every day 08:00–18:00, ready for calls. Its public holidays are opened (tests/helpers/holidays.ts)
 * unless `holidays: "closed"`; `overrides` are registration fields (another time zone, an address, a language).
 */
export async function practice(
  businessName = "Cabinet Test",
  options: { holidays?: "open" | "closed"; overrides?: Record<string, unknown> } = {},
): Promise<Practice> {
  const owner = await registerOwner(
    { businessName, workingHours: EVERY_DAY, appointmentDuration: "30", timeZone: "Europe/Paris", ...options.overrides },
    { holidays: options.holidays },
  );
  await connectSandboxCalendar(owner.token);
  await getDb()
    .insert(subscriptions)
    .values({ userId: owner.user.id, status: "trialing", trialEndsAt: new Date(Date.now() + 7 * 86_400_000) });
  await addPoolNumbers(1);
  const claim = await api("GET", "/api/phone-numbers/claim", { token: owner.token });
  expect(claim.status, JSON.stringify(claim.body)).toBe(200);
  return { ...owner, line: claim.body.phoneNumber };
}

let seq = 0;
export const newCallId = (tag = "call") => `${tag}-${Date.now().toString(36)}-${++seq}-${Math.random().toString(36).slice(2, 8)}`;

export async function vapi(body: unknown) {
  return api("POST", "/api/webhooks/vapi", { body, headers: VAPI_SECRET });
}

/** One tool call; the sentence the caller would hear (result or error). */
/**
 * One tool call through the Vapi webhook, as the platform sends it: the reply the model gets (its words, and what it
 * passes back), checked to come back as Vapi requires (HTTP 200, its own toolCallId, one line).
 */
export async function vapiReply(line: string, callId: string, caller: string, name: string, args: unknown): Promise<ToolReply> {
  const toolCallId = `tc-${++seq}-${Math.random().toString(36).slice(2, 8)}`;
  const res = await vapi(
    vapiMessage(line, callId, caller, {
      type: "tool-calls",
      toolCallList: [{ id: toolCallId, type: "function", function: { name, arguments: args } }],
    }),
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const [r] = res.body.results;
  expect(r.toolCallId).toBe(toolCallId);
  const text = (r.result ?? r.error) as string;
  expect(text).not.toMatch(/\n/);
  return readReply(text);
}

/** What the caller hears of one tool call: the reply's words. */
export async function vapiTool(line: string, callId: string, caller: string, name: string, args: unknown): Promise<string> {
  return (await vapiReply(line, callId, caller, name, args)).say;
}

/** Posts a raw body to the Telnyx webhook, signed as Telnyx signs (Ed25519 over `timestamp|body`) with the sandbox key. */
export async function telnyx(raw: string): Promise<Response> {
  const { POST } = await import("@/app/api/webhooks/telnyx/route");
  const { sandboxTelnyxKeys, signTelnyxPayload } = await import("@/lib/vendors/telnyx/webhook");
  const ts = Math.floor(Date.now() / 1000);
  const headers = new Headers({
    "content-type": "application/json",
    "telnyx-timestamp": String(ts),
    "telnyx-signature-ed25519": signTelnyxPayload(raw, sandboxTelnyxKeys(process.env.AUTH_SECRET!).privateKey, ts),
  });
  return POST(new Request("http://localhost:3000/api/webhooks/telnyx", { method: "POST", headers, body: raw }));
}
