// A call's start, as the platform plays it: the assistant asked for, what the stand-in takes from it (language, time
// zone, tools, transfer line, silence plan, knowledge), the call marked in progress, the first words.
import { isTimeZone, type Reading, type SimState } from "./state";
import {
  callFacts,
  idlePlan,
  knowledgeOf,
  speechStyleOfCall,
  statusUpdate,
  teamOf,
  tradeOf,
  transferTargets,
  type Transport,
} from "./platform";

import { assistantSays, NO_WANT, type SimReply } from "./reply";

export async function startCall(
  transport: Transport,
  o: {
    line: string;
    caller: string;
    callId: string;
    now?: Date;
    reading?: Reading;
    /** Numbers that do not answer when the caller is put through to them (the conversation suite's no-answer). */
    unanswered?: string[];
  },
): Promise<SimReply> {
  const now = o.now ?? new Date();
  const s: SimState = {
    v: 1,
    callId: o.callId,
    line: o.line,
    caller: o.caller,
    language: "en",
    callLanguage: "en",
    languageTold: null,
    timeZone: "UTC",
    style: { dayFirst: false, clock: "12h" },
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
    country: null,
    channel: null,
    forOther: false,
    callerName: null,
    message: null,
    want: { ...NO_WANT },
    soonest: false,
    trade: null,
    urgentAsked: false,
    transfer: null,
    unanswered: o.unanswered ?? [],
    transfers: [],
    knowledge: { lookup: false, facts: [] },
    idle: [],
    idleEnd: null,
    silences: 0,
    offers: [],
    chosen: null,
    appointments: [],
    appointmentId: null,
    canChoose: false,
    practitioner: null,
    practitionerTold: null,
    team: [],
    settled: { date: null, part: null },
    toolCalls: 0,
    outcomes: [],
    transcript: [],
    startedAt: now.toISOString(),
  };
  const answer = await transport({ type: "assistant-request", call: callFacts(s) });
  if (answer.type === "refused") {
    s.stage = "ended";
    return assistantSays(s, answer.error);
  }
  if (answer.type !== "assistant") throw new Error(`the receptionist answered a new call with "${answer.type}"`);
  const def = answer.assistant;
  // The call's language is the assistant's: the transcriber listens for callers of any of our languages.
  s.language = s.callLanguage = def.language;
  s.timeZone = isTimeZone(def.metadata.timeZone) ? def.metadata.timeZone : "UTC";
  s.style = speechStyleOfCall(s, def);
  const named = (name: string) => def.tools.some((tool) => tool.type === "function" && tool.name === name);
  s.messageOnly = !named("book_appointment");
  s.birthDateCheck = named("verify_identity");
  s.canChoose = def.tools.some(
    (tool) => tool.type === "function" && tool.name === "check_availability" && "practitioner" in tool.parameters.properties,
  );
  s.team = s.canChoose ? teamOf(def) : [];
  s.transfer = transferTargets(s, def);
  s.trade = tradeOf(def);
  s.knowledge = knowledgeOf(def, s.language);
  Object.assign(s, idlePlan(s, def));
  s.stage = s.messageOnly ? "message" : "intent";
  await statusUpdate(transport, s, "in-progress");
  return assistantSays(s, def.firstMessage);
}
