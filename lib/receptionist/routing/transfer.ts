// The receptionist's transfer, from the owner's routing: one tool listing every destination, each described by what it
// is for, and the lines of the instructions that say whom to put a caller through to and what to do when they do not
// answer. The model chooses by the caller's need: the destination whose "when" fits (the first listed when several do),
// else one for anything (no "when"), else nobody (a message). A warm transfer briefs the person reached with a summary
// of the call in the call's language; when they do not answer, the caller hears that their backup is tried or that a
// message will be taken, and only that happens: the billing desk's caller never lands on the doctor's mobile because it
// came next in the list.
// The platform never dials anyone by itself after a no-answer: a warm transfer's fallback plan only says `noAnswer` and
// hands the caller back to the model (no hook, no fallback destination, no transfer-destination-request is set up), so
// whom is tried next is only what these lines and `noAnswer` tell the model.
import type { Business, CallLanguage } from "@/lib/accounts/business/business";
import type { TransferDestination, TransferTool } from "../tools/definitions";
import { takeMessage } from "../tools/take-message";
import { spokenName } from "../speech/desk-names";
import { ownerInline, ownerWords } from "../speech/owner-text";
import { sayer } from "../speech/speech";
import { sentence } from "../tools/replies";
import { openAt } from "../tools/opening";
import type { CallRouting, Destination } from "./routing.service";

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
  let people: Destination[] = listed
    ? routing.destinations
    : routing.fallbackPhone
      ? [{ name: say("routing.team"), phone: routing.fallbackPhone, when: null, backup: null }]
      : [];
  if (!people.length) return { tool: null, instructions: [] };
  if (routing.hours === "open" && !openAt(b, now)) {
    return { tool: null, instructions: [say("instructions.transferClosed", { tool: takeMessage.name })] };
  }
  const warm = routing.warmTransfer;
  // Names and purposes are the owner's words: cleaned of anything that could pass for a mark or a line of the rules,
  // and marked as the owner's where the instructions quote them.
  people = people.map((p) => ({ ...p, name: ownerWords(p.name), when: p.when === null ? null : ownerWords(p.when) }));
  const spoken = people.map((p) => spokenName(p.name, language));
  // The saved list is checked (another of the list, no loop); a backup that is not one is no backup.
  const backupOf = (i: number): number | null => {
    const j = people[i]!.backup;
    return j !== null && j !== i && j >= 0 && j < people.length ? j : null;
  };
  const purpose = (p: Destination) => p.when ?? say("routing.anything");
  const destinations: TransferDestination[] = people.map((p, i) => {
    const j = backupOf(i);
    return {
      number: p.phone,
      name: p.name,
      description: listed ? `${p.name}: ${purpose(p)}` : say("tools.transfer"),
      message: say("transferringTo", { to: spoken[i]!.to }),
      // Said by the platform when a warm transfer is not answered; the assistant then goes on with the caller.
      noAnswer: warm
        ? sentence(
            j === null
              ? say("routing.noAnswerMessage", { name: spoken[i]!.name })
              : say("routing.noAnswerBackup", { name: spoken[i]!.name, backup: spoken[j]!.to }),
          )
        : null,
    };
  });
  const tool: TransferTool = { type: "transfer", destinations, warm: warm ? { summaryPrompt: say("routing.summaryPrompt") } : null };
  // One line per destination: "1. Front desk (+15551230001): billing questions. Not answered: take a message with …".
  const order = listed
    ? people
        .map((p, i) => {
          const line = `${i + 1}. ${ownerInline("transfer", p.name)} (${p.phone}): ${p.when === null ? purpose(p) : ownerInline("transfer", p.when)}.`;
          if (!warm) return line;
          const j = backupOf(i);
          const then =
            j === null
              ? say("routing.ifNoAnswerMessage", { tool: takeMessage.name })
              : say("routing.ifNoAnswerBackup", { name: spoken[j]!.name, phone: people[j]!.phone });
          return `${line} ${then}`;
        })
        .join(" ")
    : `${people[0]!.name} (${people[0]!.phone})`;
  const instructions = [
    say(listed ? "instructions.transferTo" : "instructions.transferTeam", { order, tool: takeMessage.name }),
    warm ? say("instructions.transferRetry", { tool: takeMessage.name }) : say("instructions.transferBlind"),
  ];
  return { tool, instructions };
}
