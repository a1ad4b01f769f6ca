// One receptionist tool, declared once (`defineTool`): its name, when a call is given it, its parameters (zod: the JSON
// Schema the assistant gets comes from them, and what the model sends is read by them, aliases included), what the
// caller hears while it runs, and its handler, which gets the arguments read and typed. The tools are listed in
// registry.ts; a new one is a module here and a line there.
import { z } from "zod";
import type { Business, CallLanguage } from "@/lib/accounts/business/business";
import type { CallKnowledge } from "../knowledge/knowledge.service";
import { sayer, type Say } from "../speech/speech";
import type { Args, ToolContext } from "./context";
import type { FunctionTool, JsonSchema, ToolLines } from "./definitions";
import { CALL_LANGUAGES, paramKit, type ParamKit, type Params } from "./params";
import { spoken, type ToolReply } from "./replies";

export type ToolAnswer = { result: ToolReply } | { error: string };

/** A handler's reply as the tool answers it: words alone, or words with what the model passes back. */
export const answer = (reply: string | ToolReply): ToolAnswer => ({ result: typeof reply === "string" ? spoken(reply) : reply });

/** What a call's assistant is given besides its business: booking (a live plan), the knowledge search, the booking page. */
export type Offer = {
  canBook: boolean;
  knowledge: CallKnowledge;
  bookingPage: boolean;
  /** This is a reminder call we placed (its tools are picked by name: reminder-assistant.ts). */
  reminder?: boolean;
};

/** The arguments a handler gets: every parameter, read (left out when the model did not send it or it cannot be read). */
export type ArgsOf<P extends Params> = { [K in keyof P]?: P[K] extends { read: (v: unknown) => infer T } ? Exclude<T, undefined> : never };

type ToolSpec<P extends Params> = {
  name: string;
  /** The key under `toolMessages` of the line the caller hears as soon as the model calls it ("One moment…"). */
  spokenKey: string;
  /** Whether a call's assistant is given it. */
  offered: (b: Business, o: Offer) => boolean;
  /** Its parameters for this business, in the order the model reads them (`language` is added to every tool). */
  params: (b: Business, p: ParamKit) => P;
  /**
   * Other names models give a parameter ("patientName" for `name`): alias → parameter. A parameter the model left out,
   * or sent as nothing readable (an empty string), takes the first alias it sent that reads, in the order listed here.
   */
  aliases?: Record<string, keyof P & string>;
  /** Only for a business with a live plan: a call of a lapsed one hears that booking is off. */
  entitled?: boolean;
  /**
   * The key of what the platform says once the tool has answered, after which it ends the call: a tool whose answer is
   * the last word (report_spam) does not wait for a small model to remember endCall.
   */
  closingKey?: string;
  run: (ctx: ToolContext, say: Say, args: ArgsOf<P>) => Promise<ToolAnswer>;
};

export type Tool = {
  name: string;
  entitled: boolean;
  offered: (b: Business, o: Offer) => boolean;
  /** The tool as this call's assistant is given it, every word in the call's language. */
  definition: (b: Business, language: CallLanguage) => FunctionTool;
  /** What the model sent, as the handler gets it: aliases resolved, each parameter read (readArgs). */
  read: (b: Business, language: CallLanguage, raw: Args) => Record<string, unknown>;
  /** Reads what the model sent and runs the handler. */
  run: (ctx: ToolContext, say: Say, raw: Args) => Promise<ToolAnswer>;
};

/** Every parameter of a tool for this business, `language` last: the language a caller switched to. */
function allParams<P extends Params>(spec: ToolSpec<P>, b: Business, say: Say, language: CallLanguage) {
  const p = paramKit(b, say);
  return { ...spec.params(b, p), language: p.language(language) };
}

export function defineTool<P extends Params>(spec: ToolSpec<P>): Tool {
  const read = (b: Business, language: CallLanguage, raw: Args) =>
    readArgs(allParams(spec, b, sayer(language), language), spec.aliases ?? {}, raw);
  return {
    name: spec.name,
    entitled: spec.entitled ?? false,
    offered: spec.offered,
    definition(b, language) {
      const say = sayer(language);
      const params = Object.entries(allParams(spec, b, say, language)).filter(([, p]) => p.offered);
      const asked = z.object(Object.fromEntries(params.map(([key, p]) => [key, p.required ? p.ask : p.ask.optional()])));
      // As the model sends it (`io: "input"`); zod's "$schema" and its leaving out an empty `required` are all that
      // differ from what the platform has always been given.
      const json = z.toJSONSchema(asked, { io: "input" });
      // Every parameter the kit makes is a string with a description, an enum, a pattern or a format: JsonSchema's words.
      const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
      return {
        type: "function",
        name: spec.name,
        description: say(`tools.${spec.name}`),
        parameters: { type: "object", properties, required: json.required ?? [] },
        spoken: spokenFor(language, spec.spokenKey),
        ...(spec.closingKey ? { closing: closingFor(language, spec.closingKey) } : {}),
      };
    },
    read,
    // Read as the parameters declare, so the handler's arguments are what ArgsOf<P> says.
    run: (ctx, say, raw) => spec.run(ctx, say, read(ctx.biz, ctx.language, raw) as ArgsOf<P>),
  };
}

/**
 * What the model sent, read by the tool's parameters: aliases first, then each parameter by its own reader, which never
 * fails (a date in words, an over-long text, a number for a string: what the handler reads leniently reaches it, and
 * what cannot be read is left out, for the handler to ask again). The parameters' patterns and formats are told to
 * the model only, never checked here: "2026-1-5" is still the 5th of January to the handler, as it always was.
 */
function readArgs(params: Params, aliases: Record<string, string>, raw: Args): Record<string, unknown> {
  const withAliases = (v: unknown): unknown => {
    if (!v || typeof v !== "object") return {};
    const given: Args = { ...(v as Args) };
    const unread = (name: string) => params[name]?.read(given[name]) === undefined;
    for (const [alias, name] of Object.entries(aliases)) if (unread(name) && given[alias] !== undefined) given[name] = given[alias];
    return given;
  };
  const fields = Object.fromEntries(Object.entries(params).map(([key, p]) => [key, z.preprocess(p.read, p.ask.optional())]));
  const read = z.preprocess(withAliases, z.object(fields)).safeParse(raw);
  // A reader's value is always one its parameter takes: a failure here is a mistake in a tool's declaration.
  if (!read.success) throw new Error(`tool arguments not read: ${read.error.issues.map((i) => i.path.join(".")).join(", ")}`);
  return read.data;
}

/** Every language a caller may speak, the call's own first: the order of a line's variants. */
function callsLanguagesFirst(language: CallLanguage): CallLanguage[] {
  return [language, ...CALL_LANGUAGES.filter((l) => l !== language)];
}

/** "One moment" as soon as the tool is called, a second line after 2.5 s without an answer, a sentence on failure. */
function spokenFor(language: CallLanguage, startKey: string): FunctionTool["spoken"] {
  const linesIn = (l: CallLanguage): ToolLines => {
    const say = sayer(l);
    return { start: say(`toolMessages.${startKey}`), delayed: say("toolMessages.delayed"), failed: say("toolMessages.failed") };
  };
  return {
    ...linesIn(language),
    delayedAfterMs: 2500,
    byLanguage: callsLanguagesFirst(language).map((l) => ({ language: l, lines: linesIn(l) })),
  };
}

/** The last word, in the call's language and in each a caller may switch to. */
function closingFor(language: CallLanguage, key: string): NonNullable<FunctionTool["closing"]> {
  const said = (l: CallLanguage) => sayer(l)(key);
  return { content: said(language), byLanguage: callsLanguagesFirst(language).map((l) => ({ language: l, text: said(l) })) };
}
