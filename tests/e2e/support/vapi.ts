// A call as the voice platform reports it to the running server: its webhook, with this run's secret (the server's
// DATA_DIR/secrets.json, as `npm run call:simulate` reads it).
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { expect, type APIRequestContext } from "@playwright/test";
import { vapiMessage } from "../../helpers/vapi-messages";

function webhookSecret(): string {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error("E2E_DATA_DIR is not set: run the end-to-end tests with `npx playwright test` (global setup).");
  return (JSON.parse(fs.readFileSync(path.join(dir, "secrets.json"), "utf8")) as { VAPI_WEBHOOK_SECRET: string }).VAPI_WEBHOOK_SECRET;
}

/** A call of `seconds` to `line` from `caller`, answered and ended, reported as the platform reports it. */
export async function platformCall(request: APIRequestContext, line: string, caller: string, seconds: number): Promise<void> {
  const callId = `e2e-${randomUUID()}`;
  const endedAt = new Date();
  const startedAt = new Date(endedAt.getTime() - seconds * 1000);
  const headers = { "x-vapi-secret": webhookSecret() };
  for (const message of [
    { type: "status-update", status: "in-progress", timestamp: startedAt.toISOString() },
    {
      type: "end-of-call-report",
      endedReason: "customer-ended-call",
      startedAt: startedAt.toISOString(),
      endedAt: endedAt.toISOString(),
      artifact: { transcript: "AI: Hello.\nUser: Bye." },
    },
  ]) {
    const res = await request.post("/api/webhooks/vapi", { data: vapiMessage(line, callId, caller, message), headers });
    expect(res.status(), await res.text()).toBe(200);
  }
}

/** One tool call of a call under way, as the platform sends it: the first result's text (or error). */
export async function platformToolCall(
  request: APIRequestContext,
  call: { line: string; callId: string; caller: string },
  name: string,
  args: Record<string, unknown>,
): Promise<string> {
  const message = {
    type: "tool-calls",
    toolCallList: [{ id: `tc-${randomUUID()}`, type: "function", function: { name, arguments: args } }],
  };
  const res = await request.post("/api/webhooks/vapi", {
    data: vapiMessage(call.line, call.callId, call.caller, message),
    headers: { "x-vapi-secret": webhookSecret() },
  });
  expect(res.status(), await res.text()).toBe(200);
  const [first] = ((await res.json()) as { results: { result?: string; error?: string }[] }).results;
  return first?.result ?? first?.error ?? "";
}

/** A new call's first message, as the platform sends it: the assistant we answer, or the sentence that ends the call. */
export async function platformCallStart(
  request: APIRequestContext,
  line: string,
  caller: string,
): Promise<{ assistant?: unknown; error?: string }> {
  const res = await request.post("/api/webhooks/vapi", {
    data: vapiMessage(line, `e2e-${randomUUID()}`, caller, { type: "assistant-request" }),
    headers: { "x-vapi-secret": webhookSecret() },
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as { assistant?: unknown; error?: string };
}

/** A call under way, as the platform first reports it (the number that called comes with it): its tool calls follow. */
export async function platformCallStarted(request: APIRequestContext, call: { line: string; callId: string; caller: string }) {
  const res = await request.post("/api/webhooks/vapi", {
    data: vapiMessage(call.line, call.callId, call.caller, { type: "status-update", status: "in-progress" }),
    headers: { "x-vapi-secret": webhookSecret() },
  });
  expect(res.status(), await res.text()).toBe(200);
}
