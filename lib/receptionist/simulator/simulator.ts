// The sandbox stand-in for the voice platform: a deterministic conversation engine that plays the platform's part and
// drives our real call handling through our own call events (a new call, its progress, tool calls, the end-of-call
// report). It understands a small, fixed set of phrases in English, French and Spanish (hearing.ts); the booking, the
// messages and the call log it produces are real. What the platform itself does (idle prompts on silence, the transfer
// to a person, ending the call) it takes from the assistant it was answered, as the platform would. It reads tool
// results two ways: as a model that follows its instructions ("data": the times and ids given apart from the words), or
// as a small model that repeats what it hears ("words": it books the day and time the spoken words name). Used by the
// dashboard's "Try your receptionist" page (in-process), by `npm run call:simulate` and the conversation suite (as
// Vapi's messages, through lib/vendors/vapi/sandbox-platform.ts).
import { zonedWallTimeToUtc } from "@/lib/platform/time/zoned-time";
import { countryOfBusiness, emergencyNumber } from "@/lib/platform/phone/phone";
import { type ToolReply } from "../tools/replies";
import { speakSlot } from "../speech/speech";
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
  parseDay,
  parsePartOfDay,
  parseTime,
  PERSON,
  pickOffer,
  QUESTION,
  saysOnlyANumber,
  practitionerIn,
  withoutPhone,
  YES,
} from "./hearing";
import { type KnownAppointment, type SimState, type Want } from "./state";
import { callTool, endCall, SILENCES_BEFORE_END, statusUpdate, type Transport } from "./platform";

export { parseSimState, type SimState } from "./state";
export { endCall, type Transport } from "./platform";
export { findPhone, heardTimes, parseBirthDate, parseDay, parsePartOfDay, parseTime } from "./hearing";
export { spoken, type SimReply } from "./reply";
export { startCall } from "./start";
import { assistantSays, NO_WANT, say, t, type SimReply } from "./reply";
import { answerQuestion } from "./questions";

function speakRef(s: SimState, ref: string): string {
  const at = zonedWallTimeToUtc(ref.slice(0, 10), ref.slice(11), s.timeZone);
  return at ? speakSlot(at, s.language, s.timeZone) : ref;
}

/**
 * The times a tool's answer offers, as this reading takes them: the dates and times given apart ("data"), or the day and
 * time the words name, a time without its day being on the day the caller asked about ("words").
 */
function offered(s: SimState, reply: ToolReply, askedDay: string | null): boolean {
  const fromData = (reply.slots ?? []).map((o) => `${o.date} ${o.time}`);
  s.offers = (s.reading === "words" ? heardTimes(reply.say, new Date(s.startedAt), s.timeZone, askedDay) : fromData).slice(0, 10);
  return s.offers.length > 0;
}

/** The day, time and part of the day named in a sentence (a number said in it is not a time). */
function wantOf(text: string, now: Date, s: SimState): Want {
  const phone = findPhone(text);
  const clean = phone ? withoutPhone(text, phone) : text;
  return { date: parseDay(clean, now, s.timeZone), time: parseTime(clean), part: parsePartOfDay(clean) };
}

const wantsSomething = (w: Want) => !!(w.date || w.time || w.part);

/** The appointments a tool's answer names: their ids (never spoken) and when each is, as its words say. */
function knownAppointments(s: SimState, reply: ToolReply): KnownAppointment[] {
  return (reply.appointments ?? [])
    .slice(0, 10)
    .map((a) => ({ id: a.id, at: heardTimes(a.say, new Date(s.startedAt), s.timeZone, null)[0] ?? null }));
}

/** The caller's appointments as the tool gives them; the one a change is about is chosen with the caller. */
async function lookUpAppointment(transport: Transport, s: SimState): Promise<{ found: boolean; text: string }> {
  const reply = await callTool(transport, s, "find_my_appointments", {});
  s.appointments = knownAppointments(s, reply);
  s.appointmentId = s.appointments.length === 1 ? s.appointments[0]!.id : null;
  return { found: s.appointments.length > 0, text: reply.say };
}

/** Asks the calendar for what the caller named; one free time at the time they asked is read back at once. */
async function offerTimes(transport: Transport, s: SimState, w: Want, before = ""): Promise<SimReply> {
  const lead = before ? `${before} ` : "";
  s.want = { ...NO_WANT };
  if (!w.date && !w.part) {
    // A time without a day: keep the time, ask the day.
    s.want = { ...NO_WANT, time: w.time };
    s.stage = "day";
    return assistantSays(s, `${lead}${t(s, s.flow === "reschedule" ? "askNewDay" : "askDay")}`);
  }
  const args: Record<string, unknown> = {};
  if (w.date) args.date = w.date;
  if (w.date && w.time) args.time = w.time;
  if (w.part && !(w.date && w.time)) args.partOfDay = w.part;
  if (s.practitioner) args.practitioner = s.practitioner;
  const result = await callTool(transport, s, "check_availability", args);
  if (!offered(s, result, w.date)) {
    s.stage = "day";
    // A tool answer that already asks the caller something ("Which day before then?") needs no second question.
    const answer = result.say;
    return assistantSays(s, `${lead}${answer}${answer.endsWith("?") ? "" : ` ${t(s, "askDay")}`}`);
  }
  if (w.date && w.time && s.offers.length === 1 && s.offers[0] === `${w.date} ${w.time}`) {
    s.chosen = s.offers[0]!;
    s.stage = "confirm";
    return assistantSays(s, `${lead}${readBack(s)}`);
  }
  s.stage = "choose";
  return assistantSays(s, `${lead}${result.say} ${t(s, "whichOne")}`);
}

/** After the details, the day: what the caller already said, else the question. */
async function askDayOrOffer(transport: Transport, s: SimState): Promise<SimReply> {
  if (s.want.date || s.want.part) return offerTimes(transport, s, s.want);
  s.stage = "day";
  return assistantSays(s, t(s, "askDay"));
}

function readBack(s: SimState): string {
  const slot = speakRef(s, s.chosen!);
  return s.flow === "reschedule" ? t(s, "readBackMove", { slot }) : t(s, "readBack", { name: s.name ?? "", slot });
}

async function startFlow(transport: Transport, s: SimState, flow: Exclude<SimState["flow"], null>): Promise<SimReply> {
  s.flow = flow;
  if (flow === "book") {
    s.stage = "name";
    return assistantSays(s, t(s, "askName"));
  }
  if (flow === "message") {
    s.stage = "message";
    return assistantSays(s, t(s, "askMessage"));
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
    return assistantSays(s, `${first} ${t(s, "confirmCancel")}`);
  }
  if (wantsSomething(s.want)) return offerTimes(transport, s, s.want, first);
  s.stage = "day";
  return assistantSays(s, `${first} ${t(s, "askNewDay")}`.trim());
}

/** Which of the caller's appointments they mean: "the second one", "the one on Thursday", "the one at 11". */
function whichAppointment(s: SimState, text: string, now: Date): KnownAppointment | null {
  const w = wantOf(text, now, s);
  const matching = s.appointments.filter(
    (a) => a.at && (!w.date || a.at.startsWith(w.date)) && (!w.time || a.at.endsWith(` ${w.time}`)) && (w.date || w.time),
  );
  if (matching.length === 1) return matching[0]!;
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

/** A request for a person: put through when the assistant can transfer, else a message for the team. */
async function person(transport: Transport, s: SimState, now: Date): Promise<SimReply> {
  if (!s.transfer) {
    s.flow = "message";
    s.stage = "message";
    return assistantSays(s, t(s, "noTransfer"));
  }
  s.stage = "ended";
  s.outcomes.push({ kind: "transferred" });
  const reply = assistantSays(s, s.transfer);
  await statusUpdate(transport, s, "forwarding");
  await endCall(transport, s, now, "assistant-forwarded-call");
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
  if (EMERGENCY.test(n)) {
    s.stage = "ended";
    const reply = assistantSays(
      s,
      t(s, "emergency", { number: emergencyNumber(countryOfBusiness({ timeZone: s.timeZone, line: s.line })) }),
    );
    await endCall(transport, s, now, "assistant-ended-call");
    return reply;
  }
  if (PERSON.test(n)) return person(transport, s, now);
  if (ADVICE.test(n)) {
    s.flow = "message";
    s.stage = "message";
    return assistantSays(s, t(s, "noAdvice"));
  }
  const phone = findPhone(text);
  if (phone && s.stage !== "message") s.phone = phone;
  // "With Dr Roux" may come with any sentence about the booking; the tools get it from then on.
  const asked = s.canChoose && s.stage !== "message" ? practitionerIn(text) : null;
  if (asked) s.practitioner = asked;

  switch (s.stage) {
    case "intent":
    case "anything": {
      if (s.stage === "anything" && !QUESTION.test(n) && (DONE.test(n) || (NO.test(n) && !INTENTS.some(([, re]) => re.test(n)))))
        return hangUp(transport, s, now);
      // "How much is a scaling?" is a question, even when it names an appointment.
      if (QUESTION.test(n)) return answerQuestion(transport, s, text);
      const want = wantOf(text, now, s);
      // "Can I come tomorrow at 10?" asks for an appointment without saying so.
      const intent = INTENTS.find(([, re]) => re.test(n))?.[0] ?? (want.date || want.part ? "book" : undefined);
      if (intent) {
        s.want = intent === "book" || intent === "reschedule" ? want : { ...NO_WANT };
        return startFlow(transport, s, intent);
      }
      if (DONE.test(n)) return hangUp(transport, s, now);
      return assistantSays(s, t(s, "help"));
    }
    case "name":
      if (phone && saysOnlyANumber(text, phone)) return assistantSays(s, t(s, "askNameAgain"));
      s.name = cleanName(phone ? withoutPhone(text, phone) : text) || null;
      if (!s.name) return assistantSays(s, t(s, "askName"));
      s.stage = "reason";
      return assistantSays(s, t(s, "askReason", { name: s.name }));
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
      if (!want.date && !want.part) {
        if (!want.time && DONE.test(n)) return hangUp(transport, s, now);
        if (want.time) s.want = { ...NO_WANT, time: want.time };
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
      if (wantsSomething(want)) return offerTimes(transport, s, { ...want, date: want.date ?? s.offers[0]?.slice(0, 10) ?? null });
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
      const changed = (want.date && want.date !== chosenDate) || (want.time && want.time !== chosenTime) || (want.part && !want.date);
      if (changed) return offerTimes(transport, s, { ...want, date: want.date ?? chosenDate });
      if (!YES.test(n) || NO.test(n)) {
        s.stage = "day";
        return assistantSays(s, t(s, s.flow === "reschedule" ? "askNewDay" : "askDay"));
      }
      const result =
        s.flow === "reschedule"
          ? await callTool(transport, s, "reschedule_appointment", { appointmentId: s.appointmentId, date: chosenDate, time: chosenTime })
          : await callTool(transport, s, "book_appointment", {
              date: chosenDate,
              time: chosenTime,
              name: s.name,
              reason: s.reason,
              ...(s.birthDate ? { dateOfBirth: s.birthDate } : {}),
              ...(s.phone ? { phone: s.phone } : {}),
              ...(s.email ? { email: s.email } : {}),
              ...(s.practitioner ? { practitioner: s.practitioner } : {}),
            });
      const ok = result.say.startsWith(
        say(s, s.flow === "reschedule" ? "rescheduled" : "booked")
          .split("{")[0]!
          .trim(),
      );
      // Refused with other times: the caller chooses (a booking's own time, said back, is not an offer).
      if (!ok && offered(s, result, chosenDate)) {
        s.stage = "choose";
        return assistantSays(s, `${result.say} ${t(s, "whichOne")}`);
      }
      if (ok) s.outcomes.push({ kind: s.flow === "reschedule" ? "rescheduled" : "booked", slot: speakRef(s, s.chosen!) });
      s.stage = "anything";
      return assistantSays(s, `${result.say} ${t(s, "anythingElse")}`);
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
      const result = await callTool(transport, s, "take_message", { message: body, name: s.name, ...(s.phone ? { phone: s.phone } : {}) });
      s.outcomes.push({ kind: "message" });
      s.stage = "anything";
      return assistantSays(s, `${result.say} ${t(s, "anythingElse")}`);
    }
  }
  return assistantSays(s, t(s, "help"));
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
