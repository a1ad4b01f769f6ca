// check_availability: free times for the day, time or part of the day asked, with whom and for what when the practice
// tells them apart. Every time offered comes from the availability engine.
import { zonedWallTimeToUtc } from "@/lib/platform/time/zoned-time";
import { HORIZON_DAYS } from "@/lib/scheduling/booking/core";
import { agendaOf } from "@/lib/scheduling/booking/busy-time";
import { localToday, readWhen, unreadableWords } from "../speech/when";
import { answerAvailability, horizonEnd, knownWindowFor } from "./availability-answer";
import { dayProblem, now } from "./context";
import { PARTS_OF_DAY, readPartOfDay } from "./parts-of-day";
import { given, said, WHEN_ALIASES, WHO_ALIASES, whoParams } from "./params";
import { practitionerAsked, serviceAsked, withWhom } from "./practitioner-choice";
import { spoken } from "./replies";
import { answer, defineTool } from "./tool";

export const checkAvailability = defineTool({
  name: "check_availability",
  spokenKey: "checking",
  entitled: true,
  offered: (_, o) => o.canBook,
  params: (b, p) => ({
    date: p.date("date", undefined, { optional: true }),
    time: p.time({ optional: true }),
    partOfDay: p.choice(PARTS_OF_DAY, (v) => readPartOfDay(v) ?? undefined, "partOfDay"),
    ...whoParams(b, p, b.practitioners.some((x) => x.services.length > 0) || b.services.length > 0),
    start: p.unoffered(given),
    reason: p.unoffered(said),
  }),
  aliases: { part_of_day: "partOfDay", ...WHO_ALIASES, ...WHEN_ALIASES },
  /**
   * The busy times of the window the answer needs are read once (the view the call's start warmed, in the common case);
   * only when nothing is free in it is the whole horizon read.
   */
  async run(ctx, say, args) {
    const { deps, biz, language } = ctx;
    const at = now(ctx);
    const { date, time, unreadable } = readWhen(args);
    if (unreadable) return answer(unreadableWords(unreadable, language, localToday(at, biz.timeZone)));
    const problem = date ? dayProblem(ctx, say, date) : null;
    if (problem) return answer(problem);
    if (date && time && !zonedWallTimeToUtc(date, time, biz.timeZone)) return answer(say("invalidDateTime"));
    const who = await practitionerAsked(ctx, say, args);
    if ("reply" in who) return answer(who.reply);
    const what = await serviceAsked(ctx, say, args, who);
    if ("reply" in what) return answer(what.reply);
    const question = { date, time: date ? time : null, part: args.partOfDay ?? null };
    const ask = async (known: { from: Date; to: Date }) =>
      answerAvailability({
        biz,
        language,
        now: at,
        question,
        known,
        seats: (await agendaOf(deps, biz, known.from, known.to, { only: who.only, service: what.service })).seats,
        practitioner: biz.practitioners.find((p) => p.id === who.only?.[0]),
      });
    const found = (await ask(knownWindowFor(question, at, biz.timeZone))) ?? (await ask({ from: at, to: horizonEnd(at) }));
    return answer(withWhom(say, who, found ?? spoken(say("availability.nothingFree", { days: HORIZON_DAYS })), language));
  },
});
