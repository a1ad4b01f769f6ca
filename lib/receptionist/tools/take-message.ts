// take_message: a message for the business, with who left it and the number to call back, its category and urgency;
// the owner is notified (a job) and the caller hears when someone can call back.
import { callerMessages, REQUEST_URGENCIES } from "@/db/schema";
import { dialRefusal, servedCountries } from "@/lib/platform/phone/number-kinds";
import { publishSafely, taskCreatedEvent } from "@/lib/accounts/webhooks/publish";
import { raiseOutcome } from "../calls/call-log";
import { toBusiness, wordsFor } from "../speech/wording";
import { callerPhone } from "./caller-phone";
import { now, text } from "./context";
import { nextOpening, openingWords } from "./opening";
import { given, needed, words } from "./params";
import { answer, defineTool } from "./tool";

export const takeMessage = defineTool({
  name: "take_message",
  spokenKey: "noting",
  offered: () => true,
  params: (b, p) => {
    const { categories } = wordsFor(b);
    return {
      name: p.text("messageName", words(120)),
      phone: p.text("messagePhone", given),
      country: p.text("country", given),
      message: needed(p.text("message", words(2000))),
      // A category that is not one of this business's, or an urgency the model made up, is "other" / "normal".
      category: p.choice(categories, (v) => categories.find((c) => c === text(v, 40)?.toLowerCase()), "category", {
        categories: categories.map((c) => `${c}: ${p.say(`categories.${c}`)}`).join("; "),
      }),
      urgency: p.choice(REQUEST_URGENCIES, (v) => REQUEST_URGENCIES.find((u) => u === text(v, 20)?.toLowerCase()), "urgency"),
    };
  },
  aliases: { callerName: "name", phoneNumber: "phone", phoneCountry: "country", body: "message", text: "message" },
  async run(ctx, say, args) {
    const body = args.message;
    if (!body) return answer(say("messageMissing"));
    // Who is calling: the name given now, else the one this call gave (the caller's, or the patient's when they are one).
    const name = args.name ?? ctx.memory.callerName ?? ctx.memory.patientName ?? null;
    const reading = await callerPhone(ctx, say, args, { keep: true, mobile: false });
    if ("ask" in reading) return answer(reading.ask);
    let { phone } = reading;
    // The owner calls this number back: one a person answers, in a country the practice serves, or the caller is asked
    // for another (a premium or satellite number left as a "call back" is toll fraud by message). A caller who gave no
    // number and calls from one we would not dial (a tourist's own mobile) still leaves the message, without it, and
    // hears that no one can call them back on it.
    const refused = phone !== null && dialRefusal(phone, servedCountries(ctx.biz)) !== null;
    const typed = text(args.phone, 40) !== null;
    if (refused && (typed || phone !== ctx.callerNumber)) return answer(say("phoneNoCallback"));
    if (refused) phone = null;
    const category = args.category ?? "other";
    const urgency = args.urgency ?? "normal";
    const [row] = await ctx.deps.db
      .insert(callerMessages)
      .values({
        userId: ctx.biz.userId,
        providerCallId: ctx.providerCallId,
        toolCallId: ctx.toolCallId,
        callerName: name,
        callerPhone: phone,
        body,
        category,
        urgency,
      })
      .onConflictDoNothing()
      .returning({ id: callerMessages.id, createdAt: callerMessages.createdAt });
    if (row) await ctx.deps.jobs.send("message-taken", { messageId: row.id });
    if (row) await publishSafely(ctx.deps, ctx.biz.userId, taskCreatedEvent({ ...row, category, urgency }));
    await raiseOutcome(ctx.deps.db, ctx.providerCallId, ctx.biz.userId, "message", body);
    const taken = say("messageTaken", { toBusiness: toBusiness(ctx.biz.businessName, ctx.language) });
    if (refused) return answer(`${taken} ${say("messageNoCallback")}`);
    // At night or on a closed day, the caller hears when someone can call back: not "soon" while everyone is at home.
    const opening = nextOpening(ctx.biz, now(ctx));
    if (opening.openNow || !opening.at) return answer(taken);
    return answer(`${taken} ${say("callbackFrom", openingWords(opening.at, ctx.language, ctx.biz.timeZone))}`);
  },
});
