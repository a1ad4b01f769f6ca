// A call's start, as the platform plays it: the assistant asked for, what the stand-in reads of it (language, time zone,
// tools, transfer line, silence plan, knowledge), the call marked in progress, the first words.
import { isTimeZone, type Reading, type SimState } from "./state";
import { envelope, idlePlan, knowledgeOf, list, obj, transferLine, type Transport } from "./platform";

import { assistantSays, NO_WANT, type SimReply } from "./reply";

export async function startCall(
  transport: Transport,
  o: { line: string; caller: string; callId: string; now?: Date; reading?: Reading },
): Promise<SimReply> {
  const now = o.now ?? new Date();
  const s: SimState = {
    v: 1,
    callId: o.callId,
    line: o.line,
    caller: o.caller,
    language: "en",
    callLanguage: "en",
    timeZone: "UTC",
    reading: o.reading ?? "data",
    messageOnly: false,
    birthDateCheck: false,
    stage: "intent",
    flow: null,
    name: null,
    reason: null,
    email: null,
    birthDate: null,
    phone: null,
    want: { ...NO_WANT },
    transfer: null,
    knowledge: { lookup: false, facts: [] },
    idle: [],
    idleEnd: null,
    silences: 0,
    offers: [],
    chosen: null,
    appointments: [],
    appointmentId: null,
    toolCalls: 0,
    outcomes: [],
    transcript: [],
    startedAt: now.toISOString(),
  };
  const answer = await transport(envelope(s, { type: "assistant-request" }));
  if (typeof answer.error === "string") {
    s.stage = "ended";
    return assistantSays(s, answer.error);
  }
  const assistant = obj(answer.assistant);
  // The call's language is the assistant's metadata: the transcriber's is "multi", for callers of any of our languages.
  const language = obj(assistant.metadata).language;
  s.language = s.callLanguage = language === "fr" || language === "es" ? language : "en";
  const timeZone = obj(assistant.metadata).timeZone;
  s.timeZone = typeof timeZone === "string" && isTimeZone(timeZone) ? timeZone : "UTC";
  const tools = list(obj(assistant.model).tools);
  s.messageOnly = !tools.some((tool) => obj(obj(tool).function).name === "book_appointment");
  s.birthDateCheck = tools.some((tool) => obj(obj(tool).function).name === "verify_identity");
  s.transfer = transferLine(s, tools);
  s.knowledge = knowledgeOf(assistant, tools, s.language);
  Object.assign(s, idlePlan(s, assistant));
  s.stage = s.messageOnly ? "message" : "intent";
  await transport(
    envelope(s, {
      type: "status-update",
      status: "in-progress",
      call: { id: s.callId, customer: { number: s.caller }, startedAt: s.startedAt },
    }),
  );
  return assistantSays(s, typeof assistant.firstMessage === "string" ? assistant.firstMessage : "");
}
