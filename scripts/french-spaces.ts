// French typography keeps « » and the high punctuation ; : ! ? with the word they belong to: a no-break space inside
// the guillemets and before the punctuation, so a line never starts with "»" or ":" (a button's « ANNULER » in
// uppercase included). A narrow one (U+202F) before ; ! ?, a full one (U+00A0) before : and inside « », as the
// Imprimerie nationale writes them. Words that leave the screen keep plain spaces: what the receptionist says (speech
// has no line to wrap), and texts and emails, where one no-break space turns a whole SMS to UCS-2 (70 characters a
// segment instead of 160). `tsx scripts/french-spaces.ts --write` fixes messages/fr.json in place.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/** The namespaces whose words are spoken, texted, mailed or written to a file: plain spaces there. */
export const PLAIN_NAMESPACES = new Set(["Receptionist", "Simulator", "Notifications", "CalendarEvent", "ExportReadme", "DemoCall"]);

const NARROW = "\u202f";
const FULL = "\u00a0";

/** The text with the plain spaces around French punctuation made no-break. */
export function frenchSpaced(text: string): string {
  return text
    .replace(/ +([;!?])/g, `${NARROW}$1`)
    .replace(/ +:/g, `${FULL}:`)
    .replace(/« +/g, `«${FULL}`)
    .replace(/ +»/g, `${FULL}»`)
    .replace(/«(?=[^\s\u00a0\u202f])/g, `«${FULL}`)
    .replace(/([^\s\u00a0\u202f])»/g, `$1${FULL}»`);
}

/** The text with its no-break spaces made plain. */
export function plainSpaced(text: string): string {
  return text.replace(/[\u00a0\u202f]/g, " ");
}

/** Each place where French punctuation stands after (or « before) a breakable space, or glued to its word. */
export function misspaced(text: string): string[] {
  return [...text.matchAll(/ [;:!?»]|« |«[^\s\u00a0\u202f]|[^\s\u00a0\u202f]»/g)].map((m) => m[0]);
}

/** Every string of a parsed catalogue through `fix`, its objects and lists kept as they are. */
function mapStrings(value: unknown, fix: (text: string) => string): unknown {
  if (typeof value === "string") return fix(value);
  if (Array.isArray(value)) return value.map((v) => mapStrings(v, fix));
  if (value && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mapStrings(v, fix)]));
  return value;
}

if (process.argv[1]?.endsWith("french-spaces.ts") && process.argv.includes("--write")) {
  const path = join(import.meta.dirname, "..", "messages", "fr.json");
  const catalogue = JSON.parse(readFileSync(path, "utf8")) as Record<string, unknown>;
  const fixed = Object.fromEntries(
    Object.entries(catalogue).map(([ns, v]) => [ns, mapStrings(v, PLAIN_NAMESPACES.has(ns) ? plainSpaced : frenchSpaced)]),
  );
  writeFileSync(path, `${JSON.stringify(fixed, null, 2)}\n`);
}
