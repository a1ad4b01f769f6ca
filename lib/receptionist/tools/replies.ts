// What a tool answers the model: one JSON object on one line (the voice platform's rule for a tool result). `say` is what
// the caller hears, complete on its own: a small, fast model repeats it as it is, so every time in it names its day,
// a closed day says it is closed and why, a closing time is said. What the model must pass back to another tool (the
// date and time of each time offered, the id of each appointment) is given apart, never inside the words to say.
import type { CallLanguage } from "@/lib/accounts/business/business";
import { slotReference, speakDateTimes, speakList, speakSlot } from "../speech/speech";

/** A time offered: the words that name it, and the date and time to pass back to book or move it. */
export type Offer = { say: string; date: string; time: string };
/** One of the caller's appointments: the words that name it, and the id to pass back to move or cancel it. */
export type AppointmentRef = { say: string; id: string };

export type ToolReply = { say: string; slots?: Offer[]; appointments?: AppointmentRef[] };

/** A reply that only speaks. */
export const spoken = (say: string): ToolReply => ({ say });

/** The reply as the platform carries it: JSON on one line. */
export function replyText(reply: ToolReply): string {
  return JSON.stringify(reply);
}

/**
 * A tool result as a reader gets it back: our JSON, or (an error, an older answer) a plain sentence, which is all said.
 * Used by the stand-in, which plays the model, and by the conversation suite.
 */
export function readReply(text: string): ToolReply {
  if (text.trimStart().startsWith("{")) {
    try {
      const parsed = JSON.parse(text) as Partial<ToolReply>;
      if (typeof parsed.say === "string") {
        return {
          say: parsed.say,
          slots: Array.isArray(parsed.slots) ? parsed.slots : undefined,
          appointments: Array.isArray(parsed.appointments) ? parsed.appointments : undefined,
        };
      }
    } catch {
      // Not ours: read as words.
    }
  }
  return { say: text };
}

/**
 * Times to offer, in order, as words and as offers: the times of one day together after that day ("Tuesday, June 8 at
 * 9:00 AM or 9:30 AM, or Wednesday, June 9 at 10:00 AM"). Every day is named, the asked one too: a listener who hears
 * a time without its day books it on the day they had in mind.
 */
export function offerTimes(starts: Date[], language: CallLanguage, timeZone: string): { words: string; slots: Offer[] } {
  const groups: { date: string; times: string[] }[] = [];
  const slots: Offer[] = [];
  for (const start of starts) {
    const ref = slotReference(start, timeZone);
    const [date, time] = [ref.slice(0, 10), ref.slice(11)];
    const last = groups.at(-1);
    if (last?.date === date) last.times.push(time);
    else groups.push({ date, times: [time] });
    slots.push({ say: speakSlot(start, language, timeZone), date, time });
  }
  return {
    words: speakList(
      groups.map((g) => speakDateTimes(g.date, g.times, language)),
      language,
    ),
    slots,
  };
}

/** The first letter of a sentence in upper case ("mardi 8 juin, …" → "Mardi 8 juin, …"). */
export function sentence(s: string): string {
  return s.replace(/^(\P{L}*)(\p{Ll})/u, (_, lead: string, c: string) => lead + c.toUpperCase());
}
