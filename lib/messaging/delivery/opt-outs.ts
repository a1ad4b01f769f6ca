// Opt-outs: the numbers that asked a business for no more texts, kept per business and channel, and the keywords that
// ask for it. Whoever decides to send checks isOptedOut for the business it sends for; the inbox applies a keyword to
// the business whose line was texted.
//
// Per business: a STOP answers the practice that texted, and a caller who stops one practice's reminders still gets
// their dentist's. The provider keeps its own block rules per messaging profile, so each business has its own profile
// (lib/accounts/numbers/numbers.service.ts) and the two lists agree.
//
// Opt-out channels: a STOP on either channel opts the number out of both SMS and WhatsApp for that business, and a START
// re-opts it into both. A caller cannot tell our two channels apart ("the clinic keeps texting me"), and a keyword that
// only half worked would be the worse failure; the symmetric START keeps one keyword from leaving the other channel
// silenced forever.
import { and, eq } from "drizzle-orm";
import type { Db, Tx } from "@/db/client";
import { optOuts } from "@/db/schema";

export type OptOutChannel = "sms" | "whatsapp";

const OPT_OUT_CHANNELS: OptOutChannel[] = ["sms", "whatsapp"];

// The carrier-standard keywords (CTIA) plus the French and Spanish ones our callers use. Whole message only:
// "please don't stop reminding me" is not an opt-out.
const STOP_WORDS = new Set(["STOP", "STOPALL", "UNSUBSCRIBE", "CANCEL", "END", "QUIT", "ARRET", "ARRÊT", "BAJA"]);
const START_WORDS = new Set(["START", "UNSTOP", "YES"]);

/** True when this number asked this business for no more messages on this channel. */
export async function isOptedOut(db: Db | Tx, userId: string, phone: string, channel: OptOutChannel): Promise<boolean> {
  const [row] = await db
    .select({ phone: optOuts.phone })
    .from(optOuts)
    .where(and(eq(optOuts.userId, userId), eq(optOuts.phone, phone), eq(optOuts.channel, channel)))
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

/**
 * Opts `phone` (E.164, the form our numbers are stored in, so isOptedOut matches) out of every channel of this business,
 * or back in.
 */
export async function setOptedOut(tx: Tx, userId: string, phone: string, out: boolean): Promise<void> {
  if (out) {
    await tx
      .insert(optOuts)
      .values(OPT_OUT_CHANNELS.map((channel) => ({ userId, phone, channel })))
      .onConflictDoNothing();
  } else {
    await tx.delete(optOuts).where(and(eq(optOuts.userId, userId), eq(optOuts.phone, phone)));
  }
}
