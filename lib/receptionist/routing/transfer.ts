// The receptionist's transfer, from the owner's routing: one tool listing every destination in the order tried, each
// described by when to choose it, and the lines of the instructions that say when to transfer to whom. A warm transfer
// briefs the person reached with a summary of the call in the call's language; when they do not answer, the caller
// hears who is tried next (or that a message will be taken) and the assistant carries on with them.
import type { Business, CallLanguage } from "@/lib/accounts/business/business";
import { openIntervals } from "@/lib/scheduling/availability/availability";
import { exceptionsFrom } from "@/lib/scheduling/booking/core";
import type { TransferDestination, TransferTool } from "../tools/definitions";
import { MESSAGE_TOOL } from "../tools/tools";
import { sayer } from "../speech/speech";
import { sentence } from "../tools/replies";
import type { CallRouting } from "./routing.service";

/** Whether the business is open at `now`: its week's hours, or a closure's special hours that day. */
export function openAt(b: Pick<Business, "timeZone" | "workingHours" | "closures">, now: Date): boolean {
  const open = openIntervals({
    timeZone: b.timeZone,
    workingHours: b.workingHours,
    exceptions: exceptionsFrom(b.closures),
    from: now,
    to: new Date(now.getTime() + 1),
  });
  return open.length > 0;
}

/**
 * The transfer tool and its lines of instructions for a call at `now`: no tool outside opening hours when the owner
 * puts callers through only then (the instructions say to take a message instead), nor when there is no one to reach.
 */
export function transferFor(
  b: Business,
  routing: CallRouting | null,
  language: CallLanguage,
  now: Date,
): { tool: TransferTool | null; instructions: string[] } {
  const say = sayer(language);
  if (!routing) return { tool: null, instructions: [] };
  const listed = routing.destinations.length > 0;
  const people = listed
    ? routing.destinations
    : routing.fallbackPhone
      ? [{ name: say("routing.team"), phone: routing.fallbackPhone, when: null }]
      : [];
  if (!people.length) return { tool: null, instructions: [] };
  if (routing.hours === "open" && !openAt(b, now)) {
    return { tool: null, instructions: [say("instructions.transferClosed", { tool: MESSAGE_TOOL })] };
  }
  const warm = routing.warmTransfer;
  const destinations: TransferDestination[] = people.map((p, i) => {
    const next = people[i + 1];
    return {
      number: p.phone,
      name: p.name,
      description: listed ? (p.when ? `${p.name}: ${p.when}` : p.name) : say("tools.transfer"),
      message: say("transferringTo", { name: p.name }),
      // Said by the platform when a warm transfer is not answered; the assistant then goes on with the caller.
      noAnswer: warm
        ? next
          ? sentence(say("routing.noAnswerNext", { name: p.name, next: next.name }))
          : sentence(say("routing.noAnswerLast", { name: p.name }))
        : null,
    };
  });
  const tool: TransferTool = { type: "transfer", destinations, warm: warm ? { summaryPrompt: say("routing.summaryPrompt") } : null };
  const order = people.map((p, i) => `${i + 1}. ${p.name} (${p.phone})${p.when ? `: ${p.when}` : ""}`).join("; ");
  const instructions = [
    say(listed ? "instructions.transferTo" : "instructions.transferTeam", { order }),
    warm ? say("instructions.transferRetry", { tool: MESSAGE_TOOL }) : say("instructions.transferBlind"),
  ];
  return { tool, instructions };
}
