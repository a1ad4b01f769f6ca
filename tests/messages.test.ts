// Every key of English exists in French and Spanish and no more, with the same {placeholders}.
import { IntlMessageFormat } from "intl-messageformat";
import { describe, expect, it } from "vitest";
import en from "@/messages/en.json";
import es from "@/messages/es.json";
import fr from "@/messages/fr.json";

const flat = (o: object, p = ""): [string, string][] =>
  Object.entries(o).flatMap(([k, v]) => (v && typeof v === "object" ? flat(v, `${p}${k}.`) : [[`${p}${k}`, String(v)]]));
/** The message's arguments, however they are used ({name}, {name, plural, …}), from the ICU parse. */
function placeholders(text: string): string[] {
  const names = new Set<string>();
  type El = { type: number; value?: unknown; options?: Record<string, { value: El[] }>; children?: El[] };
  const walk = (els: El[]) => {
    for (const el of els) {
      if ([1, 2, 3, 4, 5, 6].includes(el.type) && typeof el.value === "string") names.add(el.value);
      for (const o of Object.values(el.options ?? {})) walk(o.value);
      if (el.children) walk(el.children);
    }
  };
  walk(new IntlMessageFormat(text, "en", undefined, { ignoreTag: true }).getAst());
  return [...names].sort();
}

describe.each([
  ["fr", fr],
  ["es", es],
] as const)("messages/%s.json", (_, catalogue) => {
  const ours = new Map(flat(catalogue));
  it("has exactly the keys of en.json", () => {
    expect([...ours.keys()].sort()).toEqual(
      flat(en)
        .map(([k]) => k)
        .sort(),
    );
  });
  it("keeps every placeholder and translates every text", () => {
    for (const [key, text] of flat(en)) {
      expect(placeholders(ours.get(key) ?? ""), key).toEqual(placeholders(text));
      expect(ours.get(key)?.trim(), key).toBeTruthy();
    }
  });
});

// ICU MessageFormat, as next-intl reads the catalogues in the browser and lib/platform/i18n/translate.ts on the server.
const COUNTED =
  /\{(count|minutes|hours|days|calls|seconds|max|min|limit|imported|skipped|answered|afterHours|abandoned|notice|entries|total|unread)\}\s+(\p{L}+)/u;
// A counted number followed by a word that does not change with it: a unit symbol, a preposition or conjunction
// ("between 7 and 365 days", "3 after hours"), an adjective English and French do not inflect ("3 open", "3 à traiter"), a verb after
// "the latest 200"; an English participle ("3 answered").
const INVARIANT = new Set([
  "min",
  "s",
  "ms",
  "h",
  "of",
  "sur",
  "de",
  "open",
  "answered",
  "à",
  "and",
  "et",
  "y",
  "are",
  "after",
  "hors",
  "fuera",
]);

describe.each([
  ["en", en],
  ["fr", fr],
  ["es", es],
] as const)("messages/%s.json in ICU", (locale, catalogue) => {
  const texts = flat(catalogue).filter(([, text]) => !text.includes("[object Object]"));

  it("parses every message and formats it with its arguments given, leaving no brace; no apostrophe quotes ICU syntax", () => {
    for (const [key, text] of texts) {
      const format = new IntlMessageFormat(text, locale, undefined, { ignoreTag: true });
      const values = Object.fromEntries(placeholders(text).map((name) => [name, 2]));
      expect(String(format.format(values)), key).not.toMatch(/[{}]/);
      // "l'{x}" would print "l{x}": in ICU an apostrophe before { } # | ' starts a quoted literal.
      expect(text, key).not.toMatch(/'[{}#|']/);
    }
  });

  it("says a counted number with the plural its language needs (no '1 appels', no '0 calls')", () => {
    for (const [key, text] of texts) {
      const found = COUNTED.exec(text);
      expect(!found || INVARIANT.has(found[2]!), `${key}: "${found?.[0]}" needs {${found?.[1]}, plural, one {…} other {…}}`).toBe(true);
    }
  });
});
