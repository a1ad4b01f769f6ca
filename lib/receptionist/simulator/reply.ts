// What every turn of the stand-in shares: its reply, the words it says in the call's language, what a person hears
// of a tool's result.
import { translate } from "@/lib/platform/i18n/translate";
import { readReply } from "../tools/replies";
import { type SimState, type Want } from "./state";

export type SimReply = { state: SimState; reply: string; ended: boolean };

export const NO_WANT: Want = { date: null, time: null, part: null };

export const t = (s: SimState, key: string, params: Record<string, string> = {}) => translate(s.language, `Simulator.${key}`, params);
export const say = (s: SimState, key: string, params: Record<string, string> = {}) => translate(s.language, `Receptionist.${key}`, params);

/** What a person hears of a tool's result: its words, without what the model passes back. */
export function spoken(text: string): string {
  return readReply(text).say;
}

export function assistantSays(s: SimState, text: string): SimReply {
  s.transcript.push({ role: "assistant", text });
  return { state: s, reply: text, ended: s.stage === "ended" };
}
