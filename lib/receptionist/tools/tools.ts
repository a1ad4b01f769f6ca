// The receptionist's tools, as the voice platform calls them: the one the model named (registry.ts) runs with what it
// sent, in the language the caller speaks. Every answer is a reply (replies.ts): the words the caller hears, whole and
// in their language, and apart from them what the model passes back; every time offered comes from the availability
// engine; every booking goes through lib/scheduling/booking.
import { CalendarUnavailableError } from "@/lib/scheduling/booking/core";
import { sayer } from "../speech/speech";
import { settle, type Args, type ToolContext } from "./context";
import { readLanguage } from "./params";
import { toolNamed } from "./registry";
import { spoken } from "./replies";
import type { ToolAnswer } from "./tool";

export type { ToolAnswer, ToolContext };
export { settle };

export async function runTool(context: ToolContext, name: string, args: Args): Promise<ToolAnswer> {
  const answer = await answerTool(context, name, args);
  // The times just offered: a booking that names only the time ("the 10:30, please") is on the day it was offered.
  const slots = "result" in answer ? answer.result.slots : undefined;
  const offered = slots?.map(({ date, time }) => ({ date, time }));
  // Written only when they change: an answer that repeats the last times costs no write.
  if (offered?.length && JSON.stringify(offered) !== JSON.stringify(context.memory.offered)) await settle(context, { offered });
  return answer;
}

async function answerTool(context: ToolContext, name: string, args: Args): Promise<ToolAnswer> {
  // A caller who switched language hears the answers in theirs: the model says which once, and the rest of the call is
  // in it until it says another (a small model leaves it out of the next tool call).
  const asked = readLanguage(args.language);
  const ctx = { ...context, language: asked ?? context.memory.language ?? context.language };
  if (asked && asked !== context.memory.language) await settle(ctx, { language: asked });
  const say = sayer(ctx.language);
  const tool = toolNamed(name);
  if (!tool) return { error: say("unknownTool") };
  if (tool.entitled && !ctx.biz.entitled) return { result: spoken(say("bookingDisabled")) };
  try {
    return await tool.run(ctx, say, args);
  } catch (e) {
    if (e instanceof CalendarUnavailableError) return { error: say("calendarUnavailable") };
    throw e;
  }
}
