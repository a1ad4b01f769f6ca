/**
 * The voice-AI platform that answers calls. The assistant itself is built per call by our webhook, from the
 * definition in lib/receptionist/assistant/assistant.ts.
 */
export interface VoicePort {
  readonly kind: "vapi" | "sandbox";
  /** Points a number at our assistant webhook; returns the platform's id for it. */
  attachNumber(input: { phoneNumber: string; serverUrl: string }): Promise<{ providerNumberId: string }>;
  detachNumber(providerNumberId: string): Promise<void>;
}
