// The tools an assistant is given for one call, every word in the call's language: each receptionist tool the call is
// offered (lib/receptionist/tools/registry.ts: booking only with a live plan, the waitlist and the booking link with a
// line, the knowledge search when the owner's answers are too many for the instructions), then the transfer from the
// owner's routing and the end of the call.
import type { Business, CallLanguage } from "@/lib/accounts/business/business";
import type { CallKnowledge } from "@/lib/receptionist/knowledge/knowledge.service";
import { TOOLS } from "../tools/registry";
import type { AssistantTool, TransferTool } from "../tools/definitions";

export function toolDefinitions(
  b: Business,
  canBook: boolean,
  language: CallLanguage,
  knowledge: CallKnowledge = { mode: "none" },
  transfer: TransferTool | null = null,
  bookingPage = false,
): AssistantTool[] {
  const offer = { canBook, knowledge, bookingPage };
  const tools: AssistantTool[] = TOOLS.filter((t) => t.offered(b, offer)).map((t) => t.definition(b, language));
  if (transfer) tools.push(transfer);
  tools.push({ type: "endCall" });
  return tools;
}
