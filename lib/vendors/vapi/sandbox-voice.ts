import type { VoicePort } from "@/lib/ports/voice";

// Offline there is no phone network to route: calls are simulated against the same webhook (the dashboard's try-it page).
export function createSandboxVoice(): VoicePort {
  return {
    kind: "sandbox",
    async attachNumber({ phoneNumber }) {
      return { providerNumberId: `sandbox-vapi-${phoneNumber.replace(/\D/g, "")}` };
    },
    async detachNumber() {},
  };
}
