// English left in a French or Spanish page: every English message whose translation differs is cut into its literal
// fragments (ICU arguments, plural selectors, `#` and rich-text tags removed); fragments of at least 12 characters with
// a space are looked for verbatim in the page text. Short words and product names that read the same in both
// languages therefore never count.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect, type Page } from "@playwright/test";

export type TranslatedLocale = "fr" | "es";

const MESSAGES_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..", "..", "messages");

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

function flatten(value: Json, prefix = "", out = new Map<string, string>()): Map<string, string> {
  if (typeof value === "string") out.set(prefix, value);
  else if (value && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) flatten(v, prefix ? `${prefix}.${k}` : k, out);
  }
  return out;
}

function load(locale: string): Map<string, string> {
  return flatten(JSON.parse(fs.readFileSync(path.join(MESSAGES_DIR, `${locale}.json`), "utf8")) as Json);
}

const normalize = (s: string) => s.replace(/\s+/g, " ").trim();

/**
 * The literal text of an ICU message: text at even brace depth (the message itself, or a plural/select branch), split
 * at every argument, at `#` inside branches and at rich-text tags.
 */
export function literalFragments(message: string): string[] {
  const fragments: string[] = [];
  let depth = 0;
  let current = "";
  const flush = () => {
    for (const part of current.split(/<\/?[A-Za-z][^>]*>/)) fragments.push(normalize(part));
    current = "";
  };
  for (const ch of message) {
    if (ch === "{" || ch === "}") {
      if (depth % 2 === 0) flush();
      depth += ch === "{" ? 1 : -1;
      if (depth < 0) depth = 0;
      current = "";
    } else if (ch === "#" && depth > 0 && depth % 2 === 0) {
      flush();
    } else if (depth % 2 === 0) {
      current += ch;
    }
  }
  flush();
  return fragments.filter(Boolean);
}

const cache = new Map<TranslatedLocale, string[]>();

/** English fragments that must not appear on a page in `locale`. */
export function untranslatedCandidates(locale: TranslatedLocale): string[] {
  let list = cache.get(locale);
  if (!list) {
    const en = load("en");
    const other = load(locale);
    const set = new Set<string>();
    for (const [key, english] of en) {
      if (other.get(key) === english) continue; // the same in both languages: not a leak
      for (const f of literalFragments(english)) if (f.length >= 12 && f.includes(" ")) set.add(f);
    }
    list = [...set];
    cache.set(locale, list);
  }
  return list;
}

/** The English fragments found verbatim (whitespace-normalised) in `text`. */
export function englishLeaks(text: string, locale: TranslatedLocale): string[] {
  const haystack = normalize(text);
  return untranslatedCandidates(locale).filter((f) => haystack.includes(f));
}

const exactCache = new Map<TranslatedLocale, Set<string>>();

/**
 * Whole English messages of any length ("Next", "Back", "Open") whose translation differs and which are not, word for
 * word, a message of the locale itself (French "Contact" is not an English leak).
 */
export function untranslatedWhole(locale: TranslatedLocale): Set<string> {
  let set = exactCache.get(locale);
  if (!set) {
    const en = load("en");
    const other = load(locale);
    const ours = new Set([...other.values()].map(normalize));
    set = new Set(
      [...en]
        .filter(([key, english]) => other.get(key) !== english && !/[{}]/.test(english))
        .map(([, e]) => normalize(e))
        .filter((e) => !ours.has(e)),
    );
    exactCache.set(locale, set);
  }
  return set;
}

/**
 * Fails when the page's visible text, title, meta description, or a control's text or label contains English that has a
 * translation. Text marked translate="no" is not the page's own (a message quoted as it was sent, in its own language):
 * it is left out.
 */
export async function expectNoEnglish(page: Page, locale: TranslatedLocale): Promise<void> {
  const quoted = (await page.locator('[translate="no"]').allInnerTexts()).map(normalize).filter(Boolean);
  const body = quoted.reduce((text, q) => text.replace(q, " "), normalize(await page.locator("body").innerText()));
  const head = await page.evaluate(() => [
    document.title,
    document.querySelector('meta[name="description"]')?.getAttribute("content") ?? "",
  ]);
  // Short strings are checked whole: the text of controls and headings, and the labels that are not visible text.
  const pieces = await page.evaluate(() => {
    const out: string[] = [];
    for (const el of document.querySelectorAll("button, a, label, legend, option, summary, h1, h2, h3, h4, li, dt, p, span")) {
      if (el.closest('[translate="no"]')) continue;
      const text = (el as HTMLElement).innerText?.trim();
      if (text) out.push(text);
    }
    for (const el of document.querySelectorAll("[aria-label], [placeholder], [alt], [title]")) {
      for (const attr of ["aria-label", "placeholder", "alt", "title"]) {
        const value = el.getAttribute(attr);
        if (value) out.push(value);
      }
    }
    return out;
  });
  const whole = untranslatedWhole(locale);
  const leaks = [...englishLeaks([body, ...head].join("\n"), locale), ...new Set(pieces.map(normalize).filter((p) => whole.has(p)))];
  expect(leaks, `English text on a ${locale} page (${page.url()}):\n${leaks.map((l) => `  "${l}"`).join("\n")}\n`).toEqual([]);
}
