// report_spam: the receptionist's own report of a robocall, a sales pitch or other spam (lib/receptionist/screening/
// spam.ts). The platform says the tool's goodbye and ends the call.
import { SPAM_KINDS } from "@/db/schema";
import { reportSpam as screen, spamKind } from "../screening/spam";
import { needed } from "./params";
import { answer, defineTool } from "./tool";

export const reportSpam = defineTool({
  name: "report_spam",
  spokenKey: "noted",
  offered: () => true,
  // The kind the model gave, or plain "spam" for anything else.
  params: (_, p) => ({ kind: needed(p.choice(SPAM_KINDS, spamKind, "spamKind")) }),
  closingKey: "spamGoodbye",
  async run(ctx, say, args) {
    const report = await screen(ctx, say, args.kind ?? "spam");
    // The platform says the goodbye (the closing line) and hangs up: the answer itself has nothing to say, so a model
    // that reads it aloud does not say goodbye twice.
    return "kept" in report ? { error: report.kept } : answer("");
  },
});
