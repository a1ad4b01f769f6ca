// The tools an assistant is given, as we define them: function tools our webhook runs, and the platform's own transfer
// and end-call tools. The platform's adapter (lib/vendors/vapi/assistant.ts) maps each to its format.
import type { CallLanguage } from "@/lib/accounts/business/business";

/** A tool parameter, as JSON Schema: the keywords our tools use. */
export type JsonSchema = { type: "string"; description?: string; pattern?: string; format?: "email"; enum?: string[] };

/** What the caller hears while a tool runs, in one language. */
export type ToolLines = { start: string; delayed: string; failed: string };

/** A tool the model calls; our webhook runs it (lib/receptionist/tools/tools.ts). */
export type FunctionTool = {
  type: "function";
  name: string;
  description: string;
  parameters: { type: "object"; properties: Record<string, JsonSchema>; required: string[] };
  /**
   * What the caller hears while it runs, instead of silence: `start` as soon as it is called (without waiting for it),
   * `delayed` if the answer takes longer than `delayedAfterMs`, `failed` if the request fails outright; in the call's
   * language, and in each language a caller may switch to (`byLanguage`, the call's own first).
   */
  spoken: ToolLines & { delayedAfterMs: number; byLanguage: { language: CallLanguage; lines: ToolLines }[] };
  /**
   * Said once the tool has answered, after which the platform ends the call: a tool whose answer is the last word
   * (report_spam) does not wait for a small model to remember endCall.
   */
  closing?: { content: string; byLanguage: { language: CallLanguage; text: string }[] };
};

/** One person or desk the caller may be put through to (lib/receptionist/routing/transfer.ts). */
export type TransferDestination = {
  /** E.164. */
  number: string;
  name: string;
  /** When the model chooses this one. */
  description: string;
  /** Said to the caller before they are put through. */
  message: string;
  /** A warm transfer's line to the caller when this one does not answer; null for a cold transfer. */
  noAnswer: string | null;
};

/**
 * Puts the caller through to one of `destinations`, which the platform does itself. `warm`: the person reached first
 * hears a summary of the call, made with `summaryPrompt`, and a transfer nobody answers comes back to the assistant.
 */
export type TransferTool = { type: "transfer"; destinations: TransferDestination[]; warm: { summaryPrompt: string } | null };

/** Ends the call, which the platform does itself; when to use it is in the instructions. */
export type EndCallTool = { type: "endCall" };

export type AssistantTool = FunctionTool | TransferTool | EndCallTool;
