// A caller who asks for a person, as the platform and a model that follows its instructions play it: put through to the
// destination whose purpose fits what the caller needs (the first listed when several fit), else one for anything, else
// a message; "what is it about?" first when the caller has not said. A warm transfer nobody answers comes back: the
// platform says so, and only the backup the instructions name for that destination is tried, else a message is offered;
// never whoever is next in the list (the billing caller never reaches the doctor's mobile).
import { translate } from "@/lib/platform/i18n/translate";
import { namedAmong, saysWhatFor } from "./caller-details";
import { PERSON } from "./hearing";
import { endCall, statusUpdate, type Transport } from "./platform";
import { assistantSays, t, type SimReply } from "./reply";
import type { SimState, TransferTarget } from "./state";

/** What a destination is for, in the owner's words; null when it is for anything no other one is for. */
function purposeOf(s: SimState, d: TransferTarget): string | null {
  // Listed destinations are described "Front desk: billing questions"; the owner's own phone, with no list, by the tool.
  if (!d.name || !d.description.startsWith(`${d.name}: `)) return null;
  const purpose = d.description.slice(d.name.length + 2).trim();
  return purpose === translate(s.callLanguage, "Receptionist.routing.anything") ? null : purpose;
}

/** A request for a person: put through by purpose when the assistant can transfer, else a message for the team. */
export async function person(transport: Transport, s: SimState, text: string, now: Date): Promise<SimReply> {
  const targets = s.transfer?.destinations ?? [];
  const purposes = targets.map((d) => purposeOf(s, d));
  const fits = namedAmong(
    text,
    purposes.map((p) => p ?? ""),
  );
  if (fits === null && purposes.some(Boolean) && s.stage !== "transferWhat" && !saysWhatFor(text, PERSON)) {
    s.stage = "transferWhat";
    return assistantSays(s, t(s, "askWhatFor"));
  }
  const chosen = fits !== null ? targets[fits] : targets.find((_, i) => purposes[i] === null);
  if (!chosen) {
    s.flow = "message";
    s.stage = "message";
    return assistantSays(s, t(s, "noTransfer"));
  }
  return putThrough(transport, s, chosen, "", now);
}

/**
 * Puts the caller through to `d`. Answered (or a cold transfer, which leaves the call whatever happens), the call is
 * theirs. A warm transfer not answered: the platform's line, then the backup the instructions name for `d` (once), or
 * the offer of a message, whose words the caller says next.
 */
async function putThrough(transport: Transport, s: SimState, d: TransferTarget, before: string, now: Date): Promise<SimReply> {
  // A cold transfer leaves the call at once: whether anyone answers is no longer the assistant's to know.
  const answered = !s.unanswered.includes(d.number) || !d.noAnswer;
  s.transfers.push({ to: d.number, answered });
  const said = `${before}${d.message}`;
  if (answered) {
    s.stage = "ended";
    s.outcomes.push({ kind: "transferred" });
    const reply = assistantSays(s, said);
    await statusUpdate(transport, s, "forwarding");
    await endCall(transport, s, now, "assistant-forwarded-call");
    return reply;
  }
  const backup = s.transfer!.destinations.find((x) => x.number === d.backup && !s.transfers.some((tried) => tried.to === x.number));
  if (backup) return putThrough(transport, s, backup, `${said} ${d.noAnswer} `, now);
  // Nobody else for this need: the offer of a message, which the caller's next words are.
  s.flow = "message";
  s.stage = "message";
  return assistantSays(s, `${said} ${d.noAnswer}`);
}
