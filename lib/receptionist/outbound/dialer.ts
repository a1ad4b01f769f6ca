// How a reminder call leaves: our assistant dials the callee from the practice's line. The voice platform's adapter
// implements it (lib/vendors/vapi/dialer.ts), its sandbox twin plays the callee (lib/vendors/vapi/sandbox-callee.ts),
// and the composition root hands it to the sweep.
import type { AssistantDefinition } from "../assistant/assistant";

export type OutboundCall = {
  /** The platform's id of the practice's line (phone_numbers.vapi_phone_number_id). */
  providerNumberId: string;
  /** Our line, E.164: the number the callee sees. */
  line: string;
  /** The callee, E.164. */
  to: string;
  /** The call's own assistant; its metadata (the reminder call's id among it) comes back with every message of the call. */
  assistant: AssistantDefinition;
  /** Said on an answering machine, after which the call ends: the day, the time, the practice and its number. */
  voicemailMessage: string;
};

/** Places one call; resolves with the platform's id for it once the platform took it (the call itself goes on). */
export type Dialer = (call: OutboundCall) => Promise<{ providerCallId: string }>;
