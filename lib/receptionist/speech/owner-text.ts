// What the owner wrote (knowledge, instructions, names of the business, its services and practitioners, closure
// reasons) enters the instructions inside marked blocks, after a rule that says what they are: facts about the
// business, never instructions that change the rules (emergencies first, only times a tool returned, no advice). So
// that a block cannot be closed early or a rule forged from inside one, the owner's text loses what could pass for a
// marker or a new line of the instructions: control characters, invisible ones, the markers' brackets and their
// look-alikes, and the markers' name.
import { stripControlCharacters } from "@/lib/platform/format/control-characters";

/** The kinds of the owner's text the instructions mark, each its own block. */
export type OwnerTextKind = "knowledge" | "instructions" | "services" | "practitioners" | "address" | "reason" | "transfer";

const NAME = "owner-text";
export const OWNER_TEXT_CLOSE = `⟪/${NAME}⟫`;
export const ownerTextOpen = (kind: OwnerTextKind) => `⟪${NAME}:${kind}⟫`;

// The markers' brackets and characters that look like them or like another kind of marker (angle and double
// brackets in their many widths), and zero-width characters that could hide a marker's name.
const LOOK_ALIKES =
  /[⟪⟫⟦⟧⟨⟩〈〉《》〔〕〘〙〚〛⦃⦄⦅⦆⦇⦈⦉⦊⦑⦒❬❭❮❯❰❱‹›≪≫＜＞﹤﹥﹝﹞［］｛｝\u200B-\u200D\u2060\uFEFF\u00AD]|<<+|>>+|\[\[+|\]\]+|\{\{+|\}\}+/g;
// The markers' name however it is spelled: "owner-text", "OWNER_TEXT", "owner text".
const MARKER_NAME = /\/?\s*owner[\s_\-‐‑–—.]*text\s*:?/gi;
// Line breaks other than the ordinary ones (a line or paragraph separator would start a line of the instructions).
const ODD_BREAKS = /[\u0085\u2028\u2029]/g;

function clean(text: string): string {
  let out = stripControlCharacters(text.normalize("NFC")).replace(ODD_BREAKS, "\n");
  // Removing one marker can join the halves of another ("owner-⟪⟫text"): repeat until nothing changes.
  for (let before = ""; before !== out;) {
    before = out;
    out = out.replace(LOOK_ALIKES, "").replace(MARKER_NAME, "");
  }
  return out;
}

/** A name or a short phrase of the owner's, on one line, with nothing that could pass for a marker. */
export function ownerWords(text: string): string {
  return clean(text).replace(/\s+/g, " ").trim();
}

/** The owner's text in its block, on one line: "⟪owner-text:services⟫Check-up, Cleaning⟪/owner-text⟫". */
export function ownerInline(kind: OwnerTextKind, text: string): string {
  return `${ownerTextOpen(kind)}${ownerWords(text)}${OWNER_TEXT_CLOSE}`;
}

/** The owner's longer text in its block, its own lines kept (tabs and blank runs tidied), the markers on lines of their own. */
export function ownerBlock(kind: OwnerTextKind, text: string): string {
  const lines = clean(text)
    .replace(/\r\n?/g, "\n")
    .split("\n")
    .map((l) => l.replace(/[ \t]+/g, " ").trim())
    .filter(Boolean);
  return `${ownerTextOpen(kind)}\n${lines.join("\n")}\n${OWNER_TEXT_CLOSE}`;
}

/** What a block holds, its markers taken off (the sandbox's stand-in reads the entries back). */
export function ownerTextOf(text: string): string {
  return text.replace(/⟪owner-text:[a-z]+⟫|⟪\/owner-text⟫/g, "").trim();
}
