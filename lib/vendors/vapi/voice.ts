import { VapiClient, VapiError } from "@vapi-ai/server-sdk";
import type { VoicePort } from "@/lib/ports/voice";

export function createVapiVoice(opts: {
  apiKey: string;
  baseUrl?: string;
  telnyxCredentialId: string;
  webhookSecret: string;
  maxRetries?: number;
}): VoicePort {
  const client = new VapiClient({ token: opts.apiKey, baseUrl: opts.baseUrl, maxRetries: opts.maxRetries });
  return {
    kind: "vapi",
    async attachNumber({ phoneNumber, serverUrl }) {
      // No assistantId: Vapi then asks our server URL for the assistant on every call (assistant-request), so each
      // business's current settings apply without syncing an assistant per business. The header is how our webhook
      // knows the request is Vapi's; Vapi stores it with the number and never shows it back to callers.
      const created = await client.phoneNumbers.create({
        provider: "telnyx",
        number: phoneNumber,
        credentialId: opts.telnyxCredentialId,
        name: "Recepta",
        server: { url: serverUrl, headers: { "x-vapi-secret": opts.webhookSecret }, timeoutSeconds: 20 },
      });
      return { providerNumberId: created.id };
    },
    async detachNumber(providerNumberId) {
      try {
        await client.phoneNumbers.delete({ id: providerNumberId });
      } catch (e) {
        // Already removed in Vapi (dashboard, or a retry after a timeout): the number is detached either way.
        if (e instanceof VapiError && e.statusCode === 404) return;
        throw e;
      }
    },
  };
}
