// How a caller's text answers a confirmation or a reminder, in English, French or Spanish. Whole message only, like
// the opt-out keywords: "C", "oui !", "Annuler." are answers; "can I cancel and come on Friday?" is a question for the
// owner, and a reader that guessed at it would cancel appointments nobody meant to cancel.

/**
 * `confirm`: "I'll be there" (C, OK…). `yes` / `no`: the answer to a question we asked (a cancellation to confirm);
 * only an explicit yes cancels, and a `yes` with nothing asked confirms the appointment. `cancel`: asks to cancel (a second "yes" does it). `change`: asks to move.
 */
export type ReplyIntent = "confirm" | "yes" | "no" | "cancel" | "change";

const WORDS: Record<ReplyIntent, string[]> = {
  confirm: [
    "C",
    "CONFIRM",
    "CONFIRMED",
    "I CONFIRM",
    "CONFIRME",
    "CONFIRMER",
    "JE CONFIRME",
    "CONFIRMO",
    "CONFIRMAR",
    "CONFIRMADO",
    "CONFIRMADA",
    // Agreement without a yes: it confirms the appointment, and never answers "reply YES to cancel".
    "OK",
    "OKAY",
    "D ACCORD",
    "DACCORD",
    "VALE",
    "CLARO",
  ],
  yes: ["YES", "Y", "YEP", "YEAH", "OUI", "SI"],
  no: ["NO", "N", "NOPE", "NON", "NON MERCI", "NO GRACIAS"],
  // Not a bare "CANCEL": carriers and Telnyx's messaging profiles read it as an opt-out from every text of the line (as
  // STOP), so it is one here too, and English texts offer X instead.
  cancel: [
    "X",
    "CANCEL IT",
    "CANCEL APPOINTMENT",
    "CANCEL MY APPOINTMENT",
    "ANNULER",
    "ANNULE",
    "ANNULATION",
    "CANCELAR",
    "CANCELA",
    "CANCELO",
    "ANULAR",
    "ANULA",
  ],
  change: ["CHANGE", "MOVE", "RESCHEDULE", "CHANGER", "MODIFIER", "DEPLACER", "REPORTER", "CAMBIAR", "CAMBIO", "MODIFICAR", "REPROGRAMAR"],
};

const BY_PHRASE = new Map<string, ReplyIntent>(
  (Object.entries(WORDS) as [ReplyIntent, string[]][]).flatMap(([intent, words]) => words.map((w) => [w, intent] as const)),
);

// Courtesy around an answer ("oui merci", "ok thanks!") does not change it.
const COURTESY = /\s+(MERCI|THANKS|THANK YOU|GRACIAS|PLEASE|SVP|S IL VOUS PLAIT|POR FAVOR)$/;

/**
 * The text as its words: accents dropped (ANNULÉ, SÍ), case folded, punctuation and emoji turned into spaces, spaces
 * collapsed. "Oui !!" → "OUI", "d'accord." → "D ACCORD".
 */
export function normalizeReply(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .toUpperCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

/** What the text answers, or null when it is anything else (it goes to the owner). */
export function readReply(text: string): ReplyIntent | null {
  const words = normalizeReply(text);
  if (!words || words.length > 40) return null;
  return BY_PHRASE.get(words) ?? BY_PHRASE.get(words.replace(COURTESY, "")) ?? null;
}
