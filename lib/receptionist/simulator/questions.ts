// The stand-in answering a caller's question from the owner's knowledge: a search when the assistant has the tool, the
// entries its instructions list otherwise, and a message offered when neither answers.
import { namesNotIn } from "@/lib/receptionist/knowledge/knowledge.service";
import { entryOfLine, sentence, spokenEntry } from "@/lib/receptionist/knowledge/spoken-entry";
import { norm } from "./hearing";
import { type SimState } from "./state";
import { callTool, type Transport } from "./platform";

import { assistantSays, say, t, type SimReply } from "./reply";

/**
 * The stand-in answers a question as a model bound by its instructions would: from a search when it has lookup_info,
 * from the entries in its instructions otherwise (the one sharing the most words with the question), and with "I don't
 * know" and the offer of a message when neither holds the answer; the caller's next words are then that message.
 */
export async function answerQuestion(transport: Transport, s: SimState, text: string): Promise<SimReply> {
  // What the caller asked goes into the call's summary (a few questions, each as said, clipped).
  if (s.outcomes.filter((o) => o.kind === "asked").length < 5)
    s.outcomes.push({ kind: "asked", slot: [...text.trim()].slice(0, 200).join("") });
  let result: string;
  if (s.knowledge.lookup) result = (await callTool(transport, s, "lookup_info", { question: text })).say;
  else {
    const best = bestFacts(s.knowledge.facts, text);
    // What the entries do not name is unknown, never refused: "we accept A and B" says nothing about C.
    const unknown = namesNotIn(text, best);
    // Said as the model would say them, not as its instructions label them ("Price, X: 50 euros").
    const entries = best
      .map((line) => {
        const entry = entryOfLine(line, s.language);
        return entry ? spokenEntry(entry, s.language) : sentence(line);
      })
      .join(" ");
    result = !best.length
      ? say(s, "lookupNothing")
      : unknown.length
        ? say(s, "lookupUnknown", { answer: entries, names: unknown.join(", ") })
        : say(s, "lookupFound", { entries });
  }
  // "I don't know; shall I take a message?" (the question both answers end on): the caller's next words are that message.
  const offersMessage = say(s, "lookupNothing")
    .split(/(?<=[.!?])\s+/)
    .at(-1)!;
  if (result.endsWith(offersMessage)) {
    s.flow = "message";
    s.stage = "message";
    return assistantSays(s, result);
  }
  s.stage = "anything";
  return assistantSays(s, `${result} ${t(s, "anythingElse")}`);
}

// Words that ask rather than name what is asked about.
const QUESTION_WORDS = new Set(
  "how much many does cost costs price prices what your you take accept combien coute prix tarif quel quelle vous acceptez est cuanto cuesta precio cual aceptan usted".split(
    " ",
  ),
);

/** The entries sharing the most words (their first five letters: a crude stem) with the question; none when none do. */
function bestFacts(facts: string[], question: string): string[] {
  const stems = (text: string) =>
    new Set(
      norm(text)
        .split(/[^a-z0-9]+/)
        .filter((w) => w.length >= 4 && !QUESTION_WORDS.has(w))
        .map((w) => w.slice(0, 5)),
    );
  const asked = stems(question);
  let best: string[] = [];
  let top = 0;
  for (const fact of facts) {
    const score = [...stems(fact)].filter((w) => asked.has(w)).length;
    if (score > top) [best, top] = [[fact], score];
    else if (score === top && score > 0) best.push(fact);
  }
  return best.slice(0, 2);
}
