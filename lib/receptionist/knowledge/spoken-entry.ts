// An owner's entry said as a person would say it: "A physiotherapy session costs 50 euros." rather than the label the
// model reads ("Price, Physiotherapy session: 50 euros"). The article before the owner's title is guessed from the
// word's ending (Spanish and French nouns mostly tell their gender there); a title that already has one keeps it.
import { translate } from "@/lib/platform/i18n/translate";
import type { KnowledgeEntry } from "./knowledge.responses";

type Language = "en" | "fr" | "es";
type Entry = Pick<KnowledgeEntry, "kind" | "title" | "details">;

const DETERMINERS: Record<Language, Set<string>> = {
  en: new Set("a an the our one each every".split(" ")),
  fr: new Set("un une le la les l' l’ nos notre chaque".split(" ")),
  es: new Set("un una el la los las nuestro nuestra nuestros nuestras cada".split(" ")),
};

// Words whose ending says the other gender: "el día", "el problema".
const ES_MASCULINE_A = new Set("dia día mapa problema programa tema sistema idioma clima".split(" "));
const ES_FEMININE = /(a|ión|ion|dad|tad|tud|umbre)$/;
const FR_FEMININE = /(tion|sion|ance|ence|ure|ée|té|ade|ette|elle|esse|ie|ise|ine|onne|ite|ère|ode|ose|radio)$/;

// A price said as an amount ("50 euros", "€40", "from 30 euros") reads after "costs"; anything else keeps its label.
const AMOUNT: Record<Language, RegExp> = {
  en: /^([\d$€£]|(from|between|about|around|up to|only)\s)/i,
  fr: /^([\d$€£]|(à partir de|de|entre|environ|dès|seulement)\s)/i,
  es: /^([\d$€£]|(desde|de|entre|unos|unas|alrededor de|a partir de|solo|sólo)\s)/i,
};

const lower = (w: string) => w.toLowerCase();

/** A plural first word ("Cleanings", "Soins", "Sesiones"), as far as its ending tells. */
function isPlural(word: string): boolean {
  return word.length > 3 && /[sx]$/i.test(word) && !/(ss|sis|us|is|ás|és|ís|ós|ús)$/i.test(word);
}

function feminine(word: string, language: "fr" | "es"): boolean {
  const w = lower(word);
  if (language === "es") return !ES_MASCULINE_A.has(w) && ES_FEMININE.test(w);
  return FR_FEMININE.test(w);
}

/** The title with its article, as the subject of a sentence: "una sesión de fisioterapia", "les soins", "a filling". */
function subject(title: string, language: Language): { text: string; plural: boolean } {
  const first = title.split(/\s+/)[0] ?? "";
  // A name or an acronym ("IRM", "Invisalign®") keeps its capitals; an ordinary word is lowered inside the sentence.
  const plain = /^\p{Lu}\p{Ll}*$/u.test(first) ? `${first.charAt(0).toLowerCase()}${title.slice(1)}` : title;
  if (DETERMINERS[language].has(lower(first).replace(/[’']$/, "’")) || DETERMINERS[language].has(lower(first))) {
    return { text: plain, plural: false };
  }
  const plural = isPlural(first);
  if (language === "en") return { text: plural ? plain : `${/^[aeiou]/i.test(first) ? "an" : "a"} ${plain}`, plural };
  if (plural) {
    const singular = first.replace(/(es|s|x)$/i, "");
    if (language === "fr") return { text: `les ${plain}`, plural };
    return { text: `${feminine(singular, "es") ? "las" : "los"} ${plain}`, plural };
  }
  const f = feminine(first, language);
  if (language === "fr") return { text: `${f ? "une" : "un"} ${plain}`, plural };
  return { text: `${f ? "una" : "un"} ${plain}`, plural };
}

/** A sentence: its first letter capital, one full stop at the end unless it already ends as a sentence does. */
export function sentence(text: string): string {
  // "50 euros." said after "costs" ends once, not "50 euros.."; an ellipsis stays.
  const t = text
    .trim()
    .replace(/[\s,;:]+$/u, "")
    .replace(/(?<!\.)\.\.$/u, ".");
  if (!t) return "";
  const capital = `${t.charAt(0).toUpperCase()}${t.slice(1)}`;
  return /[.!?…]["»”)\]]?$/u.test(capital) ? capital : `${capital}.`;
}

/** One entry said aloud, in the call's language, ending as a sentence. */
export function spokenEntry(e: Entry, language: Language): string {
  const title = e.title.replace(/\s+/g, " ").trim();
  const details = e.details.replace(/\s+/g, " ").trim();
  if (e.kind === "faq") return sentence(details);
  if (e.kind === "price" && AMOUNT[language].test(details)) {
    const s = subject(title, language);
    return sentence(translate(language, `Receptionist.knowledgeSpoken.${s.plural ? "pricePlural" : "price"}`, { item: s.text, details }));
  }
  return sentence(translate(language, `Receptionist.knowledgeSpoken.label`, { title, details }));
}

/** The entry the model read in its instructions ("Price, X: Y", as `entryLine` writes it), or null for another line. */
export function entryOfLine(line: string, language: Language): Entry | null {
  for (const kind of ["faq", "price", "policy"] as const) {
    const template = translate(language, `Receptionist.knowledge.${kind}`, { title: "\u0000title\u0000", details: "\u0000details\u0000" });
    const pattern = template
      .split(/(\u0000title\u0000|\u0000details\u0000)/)
      .map((part) =>
        part === "\u0000title\u0000"
          ? "(?<title>.+?)"
          : part === "\u0000details\u0000"
            ? "(?<details>.*)"
            : part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/\s+/g, "\\s*"),
      )
      .join("");
    const found = new RegExp(`^${pattern}$`, "su").exec(line.trim());
    if (found?.groups) return { kind, title: found.groups.title!.trim(), details: found.groups.details!.trim() };
  }
  return null;
}

/** The entries that answer a question, said one after the other. */
export function spokenEntries(entries: Entry[], language: Language): string {
  return entries.map((e) => spokenEntry(e, language)).join(" ");
}
