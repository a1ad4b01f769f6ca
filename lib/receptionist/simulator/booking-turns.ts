// The stand-in's booking turns: the calendar asked for what the caller named (a day, a time, a part of the day, or the
// earliest time), the offer read as this reading takes it (the data given apart, or the words), the time chosen read
// back, then booked or the appointment moved; a number the tool cannot place is answered with its question.
import { zonedWallTimeToUtc } from "@/lib/platform/time/zoned-time";
import { type ToolReply } from "../tools/replies";
import { speakSlot, withSpeechStyle } from "../speech/speech";
import { ofBusiness } from "../speech/wording";
import { personName } from "@/lib/platform/format/person-name";
import { findPhone, heardTimes, parseDay, parsePartOfDay, parseTime, withoutPhone } from "./hearing";
import { callTool, type Transport } from "./platform";
import { assistantSays, NO_WANT, say, t, type SimReply } from "./reply";
import type { SimState, Want } from "./state";

export /** A time the stand-in says itself (a read-back), the way the business says them. */
function speakRef(s: SimState, ref: string): string {
  const at = zonedWallTimeToUtc(ref.slice(0, 10), ref.slice(11), s.timeZone);
  return at ? withSpeechStyle(s.style, () => speakSlot(at, s.language, s.timeZone)) : ref;
}

/**
 * The times a tool's answer offers, as this reading takes them: the dates and times given apart ("data"), or the day and
 * time the words name, a time without its day being on the day the caller asked about ("words").
 */
export function offered(s: SimState, reply: ToolReply, askedDay: string | null): boolean {
  const fromData = (reply.slots ?? []).map((o) => `${o.date} ${o.time}`);
  s.offers = (s.reading === "words" ? heardTimes(reply.say, new Date(s.startedAt), s.timeZone, askedDay) : fromData).slice(0, 10);
  return s.offers.length > 0;
}

/** The day, time and part of the day named in a sentence (a number said in it is not a time). */
export function wantOf(text: string, now: Date, s: SimState): Want {
  const phone = findPhone(text);
  const clean = phone ? withoutPhone(text, phone) : text;
  return { date: parseDay(clean, now, s.timeZone), time: parseTime(clean), part: parsePartOfDay(clean) };
}

export const wantsSomething = (w: Want) => !!(w.date || w.time || w.part);

/**
 * What the caller named, with what was settled before and still holds: the part of the day asked earlier goes with a
 * new day ("¿y el viernes?" after "por la tarde"), and the day asked earlier with a time or a part alone ("and at 5
 * pm?", "et le matin ?").
 */
export function withSettled(s: SimState, w: Want): Want {
  const date = w.date ?? (w.time || w.part ? s.settled.date : null);
  const part = w.part ?? (date && !w.time ? s.settled.part : null);
  return { date, time: w.time, part };
}

/** "Let me check Javier Ortega's diary…": said before the calendar is read for one practitioner of the team. */
function whoseAgenda(s: SimState): string {
  const name = s.practitioner && s.team.includes(s.practitioner) ? s.practitioner : null;
  if (!name) return "";
  // "Javier Ortega's", "du Dr Roux", "de la Dra. Ruiz": the name with what each language puts before or after it.
  const whose = s.language === "en" ? `${personName(name, "en")}'s` : ofBusiness(name, s.language);
  return t(s, "checkingAgenda", { whose });
}

/** Asks the calendar for what the caller named; one free time at the time they asked is read back at once. */
export async function offerTimes(transport: Transport, s: SimState, asked: Want, before = ""): Promise<SimReply> {
  const w = withSettled(s, asked);
  s.want = { ...NO_WANT };
  const soonest = s.soonest && !w.date && !w.part;
  s.soonest = false;
  if (!w.date && !w.part && !soonest) {
    // A time without a day: keep the time, ask the day.
    s.want = { ...NO_WANT, time: w.time };
    s.stage = "day";
    return assistantSays(s, `${before ? `${before} ` : ""}${t(s, s.flow === "reschedule" ? "askNewDay" : "askDay")}`);
  }
  // What was asked holds for the next words, until the caller names another day or part of the day.
  s.settled = { date: w.date ?? s.settled.date, part: w.part ?? (w.date ? null : s.settled.part) };
  const lead = [before, whoseAgenda(s)].filter(Boolean).join(" ");
  const args: Record<string, unknown> = {};
  if (w.date) args.date = w.date;
  if (w.date && w.time) args.time = w.time;
  if (w.part && !(w.date && w.time)) args.partOfDay = w.part;
  Object.assign(args, practitionerArg(s));
  const result = await callTool(transport, s, "check_availability", args);
  const said = (words: string) => assistantSays(s, lead ? `${lead} ${words}` : words);
  if (!offered(s, result, w.date)) {
    s.stage = "day";
    // A tool answer that already asks the caller something ("Which day before then?") needs no second question.
    const answer = result.say;
    return said(`${answer}${answer.endsWith("?") ? "" : ` ${t(s, "askDay")}`}`);
  }
  if (w.date && w.time && s.offers.length === 1 && s.offers[0] === `${w.date} ${w.time}`) {
    s.chosen = s.offers[0]!;
    s.stage = "confirm";
    return said(readBack(s));
  }
  s.stage = "choose";
  return said(`${result.say} ${t(s, "whichOne")}`);
}

/**
 * Who the caller asked to see, for the next availability or booking tool call: passed once, when it changes ("Dr Roux",
 * then "anyone"), since the tools keep it for the rest of the call; nothing when it is what they were told already.
 */
export function practitionerArg(s: SimState): { practitioner?: string } {
  if (!s.practitioner || s.practitioner === s.practitionerTold) return {};
  s.practitionerTold = s.practitioner;
  return { practitioner: s.practitioner };
}

/** After the details, the day: what the caller already said (or the earliest time, when they asked for it), else the question. */
export async function askDayOrOffer(transport: Transport, s: SimState): Promise<SimReply> {
  if (s.want.date || s.want.part || s.soonest || (s.want.time && s.settled.date)) return offerTimes(transport, s, s.want);
  s.stage = "day";
  return assistantSays(s, t(s, "askDay"));
}

export function readBack(s: SimState): string {
  const slot = speakRef(s, s.chosen!);
  return s.flow === "reschedule" ? t(s, "readBackMove", { slot }) : t(s, "readBack", { name: s.name ?? "", slot });
}

/** The time read back and agreed: booked (or the appointment moved), or the caller hears why not and what else there is. */
export async function commit(transport: Transport, s: SimState): Promise<SimReply> {
  const [date, time] = s.chosen!.split(" ") as [string, string];
  const result =
    s.flow === "reschedule"
      ? await callTool(transport, s, "reschedule_appointment", { appointmentId: s.appointmentId, date, time })
      : await callTool(transport, s, "book_appointment", {
          date,
          time,
          name: s.name,
          ...(s.callerName ? { callerName: s.callerName } : {}),
          reason: s.reason,
          ...(s.birthDate ? { dateOfBirth: s.birthDate } : {}),
          ...(s.phone ? { phone: s.phone } : {}),
          ...(s.country ? { country: s.country } : {}),
          ...(s.channel ? { channel: s.channel } : {}),
          ...(s.email ? { email: s.email } : {}),
          ...practitionerArg(s),
        });
  if (result.say === say(s, "phoneWhichCountry")) return askCountry(s, result.say);
  const ok = result.say.startsWith(
    say(s, s.flow === "reschedule" ? "rescheduled" : "booked")
      .split("{")[0]!
      .trim(),
  );
  // Refused with other times: the caller chooses (a booking's own time, said back, is not an offer).
  if (!ok && offered(s, result, date)) {
    s.stage = "choose";
    return assistantSays(s, `${result.say} ${t(s, "whichOne")}`);
  }
  if (ok) s.outcomes.push({ kind: s.flow === "reschedule" ? "rescheduled" : "booked", slot: speakRef(s, s.chosen!) });
  s.stage = "anything";
  return assistantSays(s, `${result.say} ${t(s, "anythingElse")}`);
}

/** The tool could not read the number as one of the business's country: the caller is asked which country it is from. */
export function askCountry(s: SimState, question: string): SimReply {
  s.stage = "country";
  s.country = null;
  return assistantSays(s, question);
}
