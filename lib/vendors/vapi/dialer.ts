// Reminder calls through Vapi's outbound API (`POST /call`): the practice's imported number dials the callee with the
// call's own transient assistant, which listens for an answering machine and leaves the voicemail message on one. The
// body is typed as the SDK's CreateCallDto (and the assistant as its CreateAssistantDto): a field Vapi does not know
// fails the type check here, not a call.
import { VapiClient, type Vapi } from "@vapi-ai/server-sdk";
import type { Dialer, OutboundCall } from "@/lib/receptionist/outbound/dialer";
import { vapiAssistant, type VapiServer } from "./assistant";

/** The request for one reminder call. */
export function vapiCallRequest(call: OutboundCall, server: VapiServer): Vapi.CreateCallDto {
  return {
    phoneNumberId: call.providerNumberId,
    customer: { number: call.to },
    assistant: {
      ...vapiAssistant(call.assistant, server),
      // The callee says "hello?" first; an answering machine's greeting is heard whole before the message is left.
      firstMessageMode: "assistant-waits-for-user",
      voicemailDetection: { provider: "vapi" },
      voicemailMessage: call.voicemailMessage,
    },
  };
}

export function createVapiDialer(opts: { apiKey: string; baseUrl?: string; maxRetries?: number; server: VapiServer }): Dialer {
  const client = new VapiClient({ token: opts.apiKey, baseUrl: opts.baseUrl, maxRetries: opts.maxRetries });
  return async (call) => {
    const created = await client.calls.create(vapiCallRequest(call, opts.server));
    // One customer gives one call; a batch answer would be a request we never make.
    if (!("id" in created)) throw new Error("Vapi answered a batch to a single call");
    return { providerCallId: created.id };
  };
}
