// The sandbox stand-in for the voice platform: a deterministic conversation engine that plays the platform's part and
// drives our real call handling through our own call events (a new call, its progress, tool calls, the end-of-call
// report). It understands a small, fixed set of phrases in English, French and Spanish (hearing.ts); the booking, the
// messages and the call log it produces are real. What the platform itself does (idle prompts on silence, the transfer
// to a person, ending the call) it takes from the assistant it was answered, as the platform would. It reads tool
// results two ways: as a model that follows its instructions ("data": the times and ids given apart from the words), or
// as a small model that repeats what it hears ("words": it books the day and time the spoken words name). Used by the
// dashboard's "Try your receptionist" page (in-process), by `npm run call:simulate` and the conversation suite (as
// Vapi's messages, through lib/vendors/vapi/sandbox-platform.ts).
import { countryOfBusiness, emergencyNumber } from "@/lib/platform/phone/phone";
import { type ToolReply } from "../tools/replies";
import {
  ADVICE,
  cleanName,
  DONE,
  EMERGENCY,
  findPhone,
  heardTimes,
  identityName,
  INTENTS,
  languageOf,
  NO,
  NO_TEXTS,
  norm,
  ORDINALS,
  parseBirthDate,
  PERSON,
  pickOffer,
  QUESTION,
  saysOnlyANumber,
  practitionerIn,
  withoutPhone,
  YES,
} from "./hearing";
import { type KnownAppointment, type SimState } from "./state";
import { callTool, endCall, SILENCES_BEFORE_END, type Transport } from "./platform";
import { channelIn, countryIn, forSomeoneElse, namedAmong, ownName, SOONEST, URGENT } from "./caller-details";
import { person } from "./transfer-call";
import { askCountry, askDayOrOffer, commit, offerTimes, readBack, wantOf, wantsSomething } from "./booking-turns";

export { parseSimState, type SimState } from "./state";
export { endCall, type Transport } from "./platform";
export { findPhone, heardTimes, parseBirthDate, parseDay, parsePartOfDay, parseTime } from "./hearing";
export { spoken, type SimReply } from "./reply";
export { startCall } from "./start";
import { assistantSays, NO_WANT, say, t, type SimReply } from "./reply";
import { answerQuestion } from "./questions";

/** The stages where a name alone is the practitioner's: the caller is choosing a day, a time or who, not giving theirs. */
const BARE_NAME = new Set<SimState["stage"]>(["intent", "anything", "day", "choose", "confirm"]);

/** The appointments a tool's answer names: their ids (never spoken) and when each is, as its words say. */
function knownAppointments(s: SimState, reply: ToolReply): KnownAppointment[] {
  return (reply.appointments ?? [])
    .slice(0, 10)
    .map((a) => ({ id: a.id, at: heardTimes(a.say, new Date(s.startedAt), s.timeZone, null)[0] ?? null, said: a.say.slice(0, 300) }));
}

/** The caller's appointments as the tool gives them; the one a change is about is chosen with the caller. */
async function lookUpAppointment(transport: Transport, s: SimState): Promise<{ found: boolean; text: string }> {
  const reply = await callTool(transport, s, "find_my_appointments", {});
  s.appointments = knownAppointments(s, reply);
  s.appointmentId = s.appointments.length === 1 ? s.appointments[0]!.id : null;
  return { found: s.appointments.length > 0, text: reply.say };
}

async function startFlow(
  transport: Transport,
  s: SimState,
  flow: Exclude<SimState["flow"], null>,
  text: string,
  now: Date,
  named: boolean,
): Promise<SimReply> {
  s.flow = flow;
  if (flow === "book") {
    // "An appointment for my son Tom Evans": the name is known. Otherwise it is asked, even for a second appointment.
    if (!named) [s.callerName, s.forOther] = [null, false];
    if (named && s.name) {
      s.stage = "reason";
      return assistantSays(s, askReason(s));
    }
    s.stage = "name";
    return assistantSays(s, t(s, "askName"));
  }
  if (flow === "message") {
    s.stage = "message";
    return assistantSays(s, t(s, "askMessage"));
  }
  // An appointment this call already named, asked about again ("can you cancel the colouring one?" once it is done): the
  // tools are told its id again, as a model that keeps the ids it was given does, and say what it is now.
  const again = flow === "cancel" && s.appointments.length ? whichAppointment(s, text, now, false) : null;
  if (again) {
    s.appointmentId = again.id;
    s.stage = "confirmCancel";
    return assistantSays(s, t(s, "confirmCancel"));
  }
  const { found, text: first } = await lookUpAppointment(transport, s);
  if (!found) {
    s.want = { ...NO_WANT };
    // None under the caller ID: the tool asks for the number it was booked with, to text it a code.
    s.stage = "verifyPhone";
    return assistantSays(s, first);
  }
  return changeFound(transport, s, flow, first);
}

/**
 * The caller's appointments are found (by caller ID, or by a number they proved they hold): which one, when there are
 * several, then on with the change.
 */
async function changeFound(transport: Transport, s: SimState, flow: SimState["flow"], first: string): Promise<SimReply> {
  if (!s.appointmentId) {
    s.stage = "whichAppointment";
    return assistantSays(s, `${first} ${t(s, "whichAppointment")}`.trim());
  }
  if (flow === "cancel") {
    s.stage = "confirmCancel";
    return assistantSays(s, `${first} ${t(s, "confirmCancel")}`.trim());
  }
  if (wantsSomething(s.want)) return offerTimes(transport, s, s.want, first);
  s.stage = "day";
  return assistantSays(s, `${first} ${t(s, "askNewDay")}`.trim());
}

/** Which of the caller's appointments they mean: "the second one", "the one on Thursday", "the one at 11". */
function whichAppointment(s: SimState, text: string, now: Date, ordinals = true): KnownAppointment | null {
  const w = wantOf(text, now, s);
  const matching = s.appointments.filter(
    (a) => a.at && (!w.date || a.at.startsWith(w.date)) && (!w.time || a.at.endsWith(` ${w.time}`)) && (w.date || w.time),
  );
  if (matching.length === 1) return matching[0]!;
  // "The colouring one", "celui de Léa": what it is for, or whose it is, as the tool named each.
  const named = namedAmong(
    text,
    s.appointments.map((a) => a.said),
    "none",
  );
  if (named !== null) return s.appointments[named]!;
  if (!ordinals) return null;
  const n = norm(text);
  for (const [re, index] of ORDINALS) {
    if (re.test(n)) return (index === -1 ? s.appointments.at(-1) : s.appointments[index]) ?? null;
  }
  return null;
}

/** The caller said nothing: the platform's idle prompt, and after the last one it ends the call. */
async function silence(transport: Transport, s: SimState, now: Date): Promise<SimReply> {
  s.silences += 1;
  if (s.silences < SILENCES_BEFORE_END) {
    const idle = s.idle.length ? s.idle : [t(s, "idle")];
    return assistantSays(s, idle[Math.min(s.silences, idle.length) - 1]!);
  }
  s.stage = "ended";
  const reply = assistantSays(s, s.idleEnd ?? say(s, "goodbye"));
  await endCall(transport, s, now, "silence-timed-out");
  return reply;
}

/** "What is the reason for your visit?", or for whoever the appointment is for when it is someone else. */
function askReason(s: SimState): string {
  return s.forOther ? t(s, "askReasonFor", { name: s.name ?? "" }) : t(s, "askReason", { name: s.name ?? "" });
}

/** The emergency number, then the call ends so that the caller can dial it. */
async function emergency(transport: Transport, s: SimState, now: Date): Promise<SimReply> {
  s.stage = "ended";
  const reply = assistantSays(s, t(s, "emergency", { number: emergencyNumber(countryOfBusiness({ timeZone: s.timeZone, line: s.line })) }));
  await endCall(transport, s, now, "assistant-ended-call");
  return reply;
}

/** One caller turn; an empty one is a silence. */
export async function callerSays(transport: Transport, s: SimState, raw: string, now = new Date()): Promise<SimReply> {
  const text = raw.trim().slice(0, 500);
  if (s.stage === "ended") return { state: s, reply: "", ended: true };
  if (!text) return silence(transport, s, now);
  s.silences = 0;
  s.transcript.push({ role: "caller", text });
  // A caller speaking another supported language is answered in it (and the tools are told so).
  s.language = languageOf(text) ?? s.language;
  const n = norm(text);
  // Emergencies first, before any tool: the emergency number, then the call ends so that the caller can dial it.
  if (EMERGENCY.test(n)) return emergency(transport, s, now);
  if (PERSON.test(n) || s.stage === "transferWhat") return person(transport, s, text, now);
  if (ADVICE.test(n)) {
    s.flow = "message";
    s.stage = "message";
    return assistantSays(s, t(s, "noAdvice"));
  }
  const phone = findPhone(text);
  // The details a caller may give with any sentence about a booking: the number for the confirmation and its country
  // ("my UK mobile, 07700 900123"), the one way they want it ("just a text"), whom they want to see ("with Dr Roux",
  // "actually, anyone is fine"); the tools get them from then on.
  if (s.stage !== "message") {
    if (phone) s.phone = phone;
    const country = phone || s.stage === "country" ? countryIn(phone ? withoutPhone(text, phone) : text) : null;
    if (country) s.country = country;
    if (!s.stage.startsWith("verify")) s.channel = channelIn(text) ?? s.channel;
  }
  // A name alone ("Javier") is a practitioner only when the caller is not giving a name of their own.
  const asked = s.canChoose && s.stage !== "message" ? practitionerIn(text, s.team, BARE_NAME.has(s.stage)) : null;
  // Someone other than whom the calendar was last read for: their agenda is read again for what was settled.
  const otherWho = !!asked && asked !== s.practitioner;
  if (asked) s.practitioner = asked;

  switch (s.stage) {
    case "intent":
    case "anything": {
      if (s.stage === "anything" && !QUESTION.test(n) && (DONE.test(n) || (NO.test(n) && !INTENTS.some(([, re]) => re.test(n)))))
        return hangUp(transport, s, now);
      // "How much is a scaling?" is a question, even when it names an appointment.
      if (QUESTION.test(n)) return answerQuestion(transport, s, text);
      const want = wantOf(text, now, s);
      if (SOONEST.test(n) || URGENT.test(n)) s.soonest = true;
      const other = forSomeoneElse(text);
      if (other) [s.name, s.callerName, s.forOther] = [other.name, other.callerName, true];
      // "It's urgent": the trade's warning-sign question first, before any time is offered.
      if (URGENT.test(n) && s.trade && !s.urgentAsked) {
        s.urgentAsked = true;
        s.want = want;
        s.stage = "urgent";
        return assistantSays(s, say(s, `instructions.urgentQuestion.${s.trade}`));
      }
      // "Can I come tomorrow at 10?" asks for an appointment without saying so.
      // So does "and at 17:00 with Javier?", or "I'd like to see Javier Ortega".
      const withSomeone = !!asked && s.team.includes(asked);
      const intent = INTENTS.find(([, re]) => re.test(n))?.[0] ?? (want.date || want.part || withSomeone ? "book" : undefined);
      if (intent) {
        s.want = intent === "book" || intent === "reschedule" ? want : { ...NO_WANT };
        return startFlow(transport, s, intent, text, now, !!other);
      }
      if (DONE.test(n)) return hangUp(transport, s, now);
      return assistantSays(s, t(s, "help"));
    }
    case "name": {
      if (phone && saysOnlyANumber(text, phone)) return assistantSays(s, t(s, "askNameAgain"));
      // "It's for my daughter Léa Martin, I'm her mother Sophie Martin": the appointment's name is the daughter's.
      const other = forSomeoneElse(text);
      if (other) [s.name, s.callerName, s.forOther] = [other.name, other.callerName, true];
      else s.name = cleanName(phone ? withoutPhone(text, phone) : text) || null;
      if (!s.name) return assistantSays(s, t(s, "askName"));
      s.stage = "reason";
      return assistantSays(s, askReason(s));
    }
    case "reason":
      // A number is the phone to confirm to, never the reason for the visit: keep it, ask the reason again.
      if (phone && saysOnlyANumber(text, phone)) return assistantSays(s, t(s, "askReasonAgain"));
      s.reason = (phone ? withoutPhone(text, phone) : text).replace(/[.!,;\s]+$/, "").slice(0, 500) || null;
      if (s.birthDateCheck) {
        s.stage = "birthDate";
        return assistantSays(s, t(s, "askBirthDate"));
      }
      s.stage = "email";
      return assistantSays(s, t(s, "askEmail"));
    case "birthDate": {
      const born = parseBirthDate(text, s.language);
      if (!born) return assistantSays(s, t(s, "askBirthDateAgain"));
      s.birthDate = born.date;
      s.stage = "email";
      return assistantSays(s, t(s, "askEmail"));
    }
    case "email": {
      s.email =
        /[^\s@]+@[^\s@]+\.[^\s@]+/
          .exec(text)?.[0]
          ?.replace(/[.,;]+$/, "")
          .toLowerCase() ?? null;
      const want = wantOf(text, now, s);
      if (wantsSomething(want))
        s.want = { date: want.date ?? s.want.date, time: want.time ?? (want.date ? null : s.want.time), part: want.part ?? null };
      return askDayOrOffer(transport, s);
    }
    case "day": {
      const want = wantOf(text, now, s);
      if (SOONEST.test(n) && !want.date && !want.part) {
        s.soonest = true;
        return offerTimes(transport, s, want);
      }
      if (!want.date && !want.part) {
        if (!want.time && DONE.test(n)) return hangUp(transport, s, now);
        if (want.time) s.want = { ...NO_WANT, time: want.time };
        if (otherWho && s.settled.date) return offerTimes(transport, s, { ...NO_WANT, date: s.settled.date, time: want.time });
        return assistantSays(s, t(s, "askDayAgain"));
      }
      // A time said earlier ("at 10", then "Thursday") goes with the day.
      return offerTimes(transport, s, { ...want, time: want.time ?? (want.date ? s.want.time : null) });
    }
    case "choose": {
      const picked = pickOffer(text, s.offers);
      if (picked) {
        s.chosen = picked;
        s.stage = "confirm";
        return assistantSays(s, readBack(s));
      }
      const want = wantOf(text, now, s);
      // Another day, or another time or part of the day than those offered: ask the calendar again.
      if (wantsSomething(want) || otherWho)
        return offerTimes(transport, s, { ...want, date: want.date ?? s.offers[0]?.slice(0, 10) ?? s.settled.date });
      // None of them: "no thanks, that's all" ends the call, a plain "no" leaves room for something else.
      if (DONE.test(n)) return hangUp(transport, s, now);
      if (NO.test(n)) {
        s.stage = "anything";
        return assistantSays(s, t(s, "anythingElse"));
      }
      return assistantSays(s, t(s, "pickAgain"));
    }
    case "confirm": {
      const want = wantOf(text, now, s);
      const [chosenDate, chosenTime] = s.chosen!.split(" ") as [string, string];
      // "No, actually Thursday": a change of mind at the read-back asks the calendar for the new day or time.
      const changed =
        (want.date && want.date !== chosenDate) || (want.time && want.time !== chosenTime) || (want.part && !want.date) || otherWho;
      if (changed) return offerTimes(transport, s, { ...want, date: want.date ?? chosenDate });
      if (!YES.test(n) || NO.test(n)) {
        s.stage = "day";
        return assistantSays(s, t(s, s.flow === "reschedule" ? "askNewDay" : "askDay"));
      }
      return commit(transport, s);
    }
    case "urgent":
      // The trade's warning-sign question: yes is an emergency; no, the earliest time is looked for.
      if (YES.test(n) && !NO.test(n)) return emergency(transport, s, now);
      s.flow = "book";
      if (s.forOther && s.name) {
        s.stage = "reason";
        return assistantSays(s, askReason(s));
      }
      s.stage = "name";
      return assistantSays(s, t(s, "urgentNoSign"));
    case "country": {
      // "Which country is that number from?": the booking or the message again, with the country (or the number in
      // full) the caller gave.
      if (!s.country && !(phone && /^\s*(\+|00)/.test(phone))) {
        if (DONE.test(n)) return hangUp(transport, s, now);
        return assistantSays(s, say(s, "phoneWhichCountry"));
      }
      if (s.flow === "message") return leaveMessage(transport, s, s.message ?? text);
      return commit(transport, s);
    }
    case "whichAppointment": {
      const chosen = whichAppointment(s, text, now);
      if (!chosen) {
        if (DONE.test(n)) return hangUp(transport, s, now);
        return assistantSays(s, t(s, "whichAppointment"));
      }
      s.appointmentId = chosen.id;
      return changeFound(transport, s, s.flow, "");
    }
    case "confirmCancel": {
      s.stage = "anything";
      if (!YES.test(n) || NO.test(n)) return assistantSays(s, t(s, "anythingElse"));
      const result = await callTool(transport, s, "cancel_appointment", { appointmentId: s.appointmentId });
      if (result.say.startsWith(say(s, "cancelled").split("{")[0]!.trim())) s.outcomes.push({ kind: "cancelled" });
      return assistantSays(s, `${result.say} ${t(s, "anythingElse")}`);
    }
    case "verifyPhone": {
      // The number the appointment was booked with, to text it a code; "no, that's all" gives up.
      if (!phone) {
        if (DONE.test(n)) return hangUp(transport, s, now);
        if (NO.test(n)) {
          s.stage = "anything";
          return assistantSays(s, t(s, "anythingElse"));
        }
        return assistantSays(s, say(s, "verificationNeedsPhone"));
      }
      // A landline, or a phone not to hand: the name and date of birth instead, when the assistant can check them.
      if (s.birthDateCheck && NO_TEXTS.test(n)) {
        s.stage = "verifyIdentity";
        return assistantSays(s, t(s, "askIdentity"));
      }
      const result = await callTool(transport, s, "send_verification_code", { phone });
      const sent = result.say === say(s, "verificationSent");
      s.stage = sent ? "verifyCode" : "anything";
      return assistantSays(s, sent ? result.say : `${result.say} ${t(s, "anythingElse")}`);
    }
    case "verifyCode": {
      const digits = text.replace(/\D/g, "");
      if (digits.length !== 6) {
        if (DONE.test(n)) return hangUp(transport, s, now);
        return assistantSays(s, say(s, "verificationNeedsCode"));
      }
      const result = await callTool(transport, s, "verify_code", { code: digits });
      if (result.appointments?.length) return provenFound(transport, s, result);
      if (result.say === say(s, "verification.wrong")) return assistantSays(s, result.say);
      s.stage = "anything";
      return assistantSays(s, `${result.say} ${t(s, "anythingElse")}`);
    }
    case "verifyIdentity": {
      const born = parseBirthDate(text, s.language);
      const name = born ? identityName(text.normalize("NFC").replace(born.said, " ")) : "";
      if (!born || !name || !s.phone) {
        if (DONE.test(n)) return hangUp(transport, s, now);
        return assistantSays(s, t(s, "askIdentity"));
      }
      const result = await callTool(transport, s, "verify_identity", { phone: s.phone, name, dateOfBirth: born.date });
      if (result.appointments?.length) return provenFound(transport, s, result);
      if (result.say === say(s, "identity.wrong")) return assistantSays(s, result.say);
      s.stage = "anything";
      return assistantSays(s, `${result.say} ${t(s, "anythingElse")}`);
    }
    case "message": {
      // "No thanks" to the offer of a message is no message.
      if (n.split(/\s+/).length <= 4 && (DONE.test(n) || NO.test(n))) {
        if (DONE.test(n) && !NO.test(n)) return hangUp(transport, s, now);
        s.stage = "anything";
        return assistantSays(s, t(s, "anythingElse"));
      }
      // "Yes, please ask her to call me back" answers the offer; the message is what follows the yes.
      const body = text.replace(/^\s*(yes|yeah|oui|si|sí)(?=[\s,.!]|$)[\s,.!]*/i, "").trim() || text;
      return leaveMessage(transport, s, body);
    }
  }
  return assistantSays(s, t(s, "help"));
}

/** The message for the team, with the caller's name and number when the call gave them. */
async function leaveMessage(transport: Transport, s: SimState, body: string): Promise<SimReply> {
  s.message = body.slice(0, 2000);
  const result = await callTool(transport, s, "take_message", {
    message: body,
    name: s.callerName ?? (s.forOther ? null : s.name) ?? ownName(body),
    ...(s.phone ? { phone: s.phone } : {}),
    ...(s.country ? { country: s.country } : {}),
  });
  if (result.say === say(s, "phoneWhichCountry")) return askCountry(s, result.say);
  s.outcomes.push({ kind: "message" });
  s.stage = "anything";
  return assistantSays(s, `${result.say} ${t(s, "anythingElse")}`);
}

/** A number the caller proved they hold: its appointments, and on with the change. */
async function provenFound(transport: Transport, s: SimState, reply: ToolReply): Promise<SimReply> {
  s.appointments = knownAppointments(s, reply);
  s.appointmentId = s.appointments.length === 1 ? s.appointments[0]!.id : null;
  return changeFound(transport, s, s.flow, reply.say);
}

async function hangUp(transport: Transport, s: SimState, now: Date): Promise<SimReply> {
  s.stage = "ended";
  const reply = assistantSays(s, say(s, "goodbye"));
  await endCall(transport, s, now, "assistant-ended-call");
  return reply;
}
