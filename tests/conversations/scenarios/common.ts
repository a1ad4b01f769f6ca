// Pieces the scenario lists share: the messages a booking sends, and the stand-in's own sentences as patterns.
import { translate } from "@/lib/platform/i18n/translate";
import type { Lang, OutboxExpect, SayCheck } from "../types";

/** A phone booking (and a move or a cancellation) texts the caller (SMS and WhatsApp) and emails the owner. */
export const CALLER_AND_OWNER: OutboxExpect[] = [
  { channel: "sms", to: "caller" },
  { channel: "whatsapp", to: "caller" },
  { channel: "email", to: "owner" },
];
/** The same, to a number the caller gave instead of their caller ID. */
export const toNumber = (phone: string): OutboxExpect[] => [
  { channel: "sms", to: phone },
  { channel: "whatsapp", to: phone },
  { channel: "email", to: "owner" },
];
/** Two callers, one slot: the winner (whoever it is) is texted, the owner emailed once, the other caller nothing. */
export const WINNER_AND_OWNER: OutboxExpect[] = [
  { channel: "sms", to: "booked" },
  { channel: "whatsapp", to: "booked" },
  { channel: "email", to: "owner" },
];
/** A message taken: the owner's email only. */
export const OWNER_ONLY = (body?: RegExp): OutboxExpect[] => [{ channel: "email", to: "owner", ...(body ? { body } : {}) }];

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * A sentence of the catalogue as a pattern: its placeholders match anything, and only its first words are required, so
 * a change of wording at the end of a sentence does not break the scenario.
 */
export function phrase(lang: Lang, key: string, words = 4): RegExp {
  const text = translate(lang, key)
    .split(/\{\w+\}/)[0]!
    .trim();
  const head = text.split(/\s+/).slice(0, words).join(" ");
  return new RegExp(escape(head), "i");
}

export const standIn = (lang: Lang, key: string, why: string, words?: number): SayCheck => ({
  re: phrase(lang, key, words),
  driver: "standin",
  why,
});

/** Never reads out a dose. */
export const NO_DOSE: SayCheck = {
  re: /\b\d+\s?(mg|milligram|milligramme|miligramo|ml|comprimés?|pills?|tablets?|pastillas?)\b/i,
  why: "no dosage advice",
};
