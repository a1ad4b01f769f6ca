// lookup_info: searches the owner's answers, prices and policies, offered only when there are too many for the
// instructions (lib/receptionist/knowledge).
import { lookupKnowledge, namesNotIn } from "@/lib/receptionist/knowledge/knowledge.service";
import { spokenEntry } from "@/lib/receptionist/knowledge/spoken-entry";
import { ownerWords } from "../speech/owner-text";
import { speakList } from "../speech/speech";
import { needed, words } from "./params";
import { answer, defineTool } from "./tool";

export const lookupInfo = defineTool({
  name: "lookup_info",
  spokenKey: "lookingUp",
  offered: (_, o) => o.knowledge.mode === "tool",
  params: (_, p) => ({ question: needed(p.text("question", words(300))) }),
  aliases: { query: "question" },
  /**
   * The owner's entries that best answer the question, in their words; "I don't know, shall I take a message"
   * otherwise. A name the question asks about that the entries never mention ("Cigna" against "we accept Delta Dental
   * and Aetna") is said to be unknown, so the model never turns a list into a "no".
   */
  async run(ctx, say, { question }) {
    if (!question) return answer(say("lookupNeedsQuestion"));
    const found = await lookupKnowledge(ctx.deps.db, ctx.biz.userId, ctx.language, question);
    if (!found.length) return answer(say("lookupNothing"));
    // The owner's entries, cleaned as in the instructions (nothing that could pass for a mark or a rule), but not
    // marked: this answer is read aloud, each entry a sentence a person would say ("A filling costs 80 euros.").
    const lines = found.map((e) => ownerWords(spokenEntry(e, ctx.language)));
    const unknown = namesNotIn(question, lines);
    if (unknown.length) return answer(say("lookupUnknown", { answer: lines.join(" "), names: speakList(unknown, ctx.language) }));
    return answer(say("lookupFound", { entries: lines.join(" ") }));
  },
});
