// The sandbox's stand-in for the person a reminder call reaches. Offline nobody picks up, so the callee answers by the
// last digit of their number: 1 confirms, 2 cancels, 3 is an answering machine, 4 does not answer, any other digit
// confirms. What they do reaches our server as the messages Vapi posts for an outbound call (status, tool calls, the
// end-of-call report), read by the same webhook code (`deliver`), so the reminder's outcome, the appointment and the
// call log change exactly as they do on a real call.
import { randomUUID } from "node:crypto";
import type { CallEvent, CallFacts } from "@/lib/receptionist/events/call-events";
import type { Dialer, OutboundCall } from "@/lib/receptionist/outbound/dialer";
import { vapiMessage } from "./sandbox-platform";

/** Hands one server message to our webhook, as Vapi's POST would. */
export type Deliver = (payload: { message: Record<string, unknown> }) => Promise<unknown>;

export type SandboxCallee = "confirms" | "cancels" | "voicemail" | "no-answer";

/** What the callee of this number does. */
export function sandboxCallee(phone: string): SandboxCallee {
  switch (phone.slice(-1)) {
    case "2":
      return "cancels";
    case "3":
      return "voicemail";
    case "4":
      return "no-answer";
    default:
      return "confirms";
  }
}

/** How long the sandbox's answered call lasts, for its minutes. */
const ANSWERED_SECONDS = 42;
const VOICEMAIL_SECONDS = 25;

/** The events of one call, in the order Vapi sends them. */
function eventsOf(call: OutboundCall, facts: CallFacts, callee: SandboxCallee, now: Date): CallEvent[] {
  const ended = (seconds: number, endedReason: string, transcript: string | null): CallEvent => ({
    type: "call-ended",
    call: facts,
    startedAt: seconds ? now : null,
    endedAt: new Date(now.getTime() + seconds * 1000),
    endedReason,
    transcript,
    summary: null,
    recordingUrl: null,
    receipt: { provider: "vapi", eventId: `${facts.callId}:end-of-call-report`, type: "end-of-call-report" },
  });
  if (callee === "no-answer") return [ended(0, "customer-did-not-answer", null)];
  const answered: CallEvent = { type: "status-update", call: facts, status: "in-progress", startedAt: now, endedReason: null };
  if (callee === "voicemail") return [answered, ended(VOICEMAIL_SECONDS, "voicemail", `AI: ${call.voicemailMessage}`)];
  // The model names the appointment as it likes (here an id that is no appointment at all): the one the call is about
  // is bound on our side.
  const tool =
    callee === "cancels"
      ? { name: "cancel_appointment", args: { appointmentId: randomUUID() } }
      : { name: "confirm_appointment", args: {} };
  const said = callee === "cancels" ? "I can't come, please cancel it." : "Yes, I'll be there.";
  return [
    answered,
    { type: "tool-calls", call: facts, toolCalls: [{ id: `sandbox-tool-${randomUUID()}`, ...tool }] },
    ended(ANSWERED_SECONDS, "customer-ended-call", `AI: ${call.assistant.firstMessage}\nUser: ${said}`),
  ];
}

/**
 * The sandbox's dialer: the call is placed at once and its callee plays it out before the platform's id is returned
 * (a real call's messages come later, and the sweep's writes never depend on the order).
 */
export function createSandboxDialer(deliver: Deliver, clock: () => Date = () => new Date()): Dialer {
  return async (call) => {
    const providerCallId = `sandbox-call-${randomUUID()}`;
    const { metadata } = call.assistant;
    const facts: CallFacts = {
      callId: providerCallId,
      line: call.line,
      caller: call.to,
      userId: metadata.userId,
      reminderCallId: metadata.reminderCallId,
    };
    for (const event of eventsOf(call, facts, sandboxCallee(call.to), clock())) {
      const { message } = vapiMessage(event);
      await deliver({ message: { ...message, assistant: { metadata } } });
    }
    return { providerCallId };
  };
}
