// Opt-outs: the numbers that asked for no more texts, kept per channel, and the keywords that ask for it. Whoever
// decides to send checks isOptedOut; a provider's inbound-message webhook hands the text to optOutKeyword.
//
// Opt-out channels: a STOP on either channel opts the number out of both SMS and WhatsApp, and a START re-opts it into
// both. A caller cannot tell our two channels apart ("the clinic keeps texting me"), the opt_outs table promises "no
// more SMS/WhatsApp", and a keyword that only half worked would be the worse failure; the symmetric START keeps one
// keyword from leaving the other channel silenced forever.
import { and, eq } from "drizzle-orm";
import type { Db, Tx } from "@/db/client";
import { optOuts } from "@/db/schema";

export type OptOutChannel = "sms" | "whatsapp";

const OPT_OUT_CHANNELS: OptOutChannel[] = ["sms", "whatsapp"];

// The carrier-standard keywords (CTIA) plus the French and Spanish ones our callers use. Whole message only:
// "please don't stop reminding me" is not an opt-out.
const STOP_WORDS = new Set(["STOP", "STOPALL", "UNSUBSCRIBE", "CANCEL", "END", "QUIT", "ARRET", "ARRÊT", "BAJA"]);
const START_WORDS = new Set(["START", "UNSTOP", "YES"]);

/** True when this number asked for no more messages on this channel. */
export async function isOptedOut(db: Db | Tx, phone: string, channel: OptOutChannel): Promise<boolean> {
  const [row] = await db
    .select({ phone: optOuts.phone })
    .from(optOuts)
    .where(and(eq(optOuts.phone, phone), eq(optOuts.channel, channel)))
    .limit(1);
  return !!row;
}

/** The opt-out keyword a whole text is, if any ("stop" or "start"). */
export function optOutKeyword(text: string): "stop" | "start" | null {
  const keyword = text.trim().toUpperCase();
  if (STOP_WORDS.has(keyword)) return "stop";
  if (START_WORDS.has(keyword)) return "start";
  return null;
}

/** Opts `phone` (E.164, the form our numbers are stored in, so isOptedOut matches) out of every channel, or back in. */
export async function setOptedOut(tx: Tx, phone: string, out: boolean): Promise<void> {
  if (out) {
    await tx
      .insert(optOuts)
      .values(OPT_OUT_CHANNELS.map((channel) => ({ phone, channel })))
      .onConflictDoNothing();
  } else {
    await tx.delete(optOuts).where(eq(optOuts.phone, phone));
  }
}

/**
 * Applies an inbound text from `phone`: a stop keyword opts it out of every channel, a start keyword back in; any
 * other text changes nothing here.
 */
export async function applyOptOutKeyword(tx: Tx, phone: string, text: string): Promise<"opt-out" | "opt-in" | "ignored"> {
  const keyword = optOutKeyword(text);
  if (keyword) await setOptedOut(tx, phone, keyword === "stop");
  return keyword === "stop" ? "opt-out" : keyword === "start" ? "opt-in" : "ignored";
}
