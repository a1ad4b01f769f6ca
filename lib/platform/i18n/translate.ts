// Server-side lookup for API answers, emails and the receptionist's words (route handlers have no React tree):
// "Api.userNotFound" → the locale's text, in ICU MessageFormat as next-intl reads the same catalogues in the browser, so
// "{minutes, plural, one {# minute} other {# minutes}}" says "1 minute" and "2 minutes" wherever it is read.
import { IntlMessageFormat } from "intl-messageformat";
import { formatCountry, intlLocale } from "@/lib/platform/format/intl";
import { messageRef, type ParamValue } from "@/lib/platform/message-param";
import { catalogues } from "./catalogues";
import { defaultLocale, type Locale } from "./routing";

export { keyParam, regionParam } from "@/lib/platform/message-param";

type Params = Record<string, ParamValue>;

export function translate(locale: Locale, key: string, params: Params = {}): string {
  const own = lookup(locale, key);
  const [textLocale, text] = own !== undefined ? [locale, own] : [defaultLocale, lookup(defaultLocale, key)];
  if (text === undefined) return key;
  // Text is shown as written, whatever it starts with; only a reference built in code (keyParam, regionParam) is read as
  // a message: "{field} is required" with keyParam("Fields.email") reads "E-mail est obligatoire" in French.
  const values: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(params)) {
    const ref = messageRef(value);
    values[name] = !ref ? (value as string | number) : "key" in ref ? translate(locale, ref.key) : formatCountry(ref.region, locale);
  }
  const message = compiled(textLocale, key, text);
  if (!message) return text.replace(/\{(\w+)\}/g, (m, name: string) => (name in values ? String(values[name]) : m));
  // Counted arguments stay numbers (the plural rules read them); every other one is shown as given: a year or a
  // postcode is no quantity to group as "2 026". A parameter not given stays "{name}" for whoever fills it next, where
  // it is shown as given; a count must be given (a plural has no number to choose its form by).
  for (const name of message.args) {
    if (!(name in values)) values[name] = `{${name}}`;
    else if (!message.counted.has(name)) values[name] = String(values[name]);
    else if (typeof values[name] === "string" && values[name] !== "" && !Number.isNaN(Number(values[name])))
      values[name] = Number(values[name]);
  }
  return String(message.format.format(values));
}

function lookup(locale: Locale, key: string): string | undefined {
  let node: unknown = catalogues[locale];
  for (const part of key.split(".")) {
    if (node === null || typeof node !== "object") return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === "string" ? node : undefined;
}

type Compiled = { format: IntlMessageFormat; args: Set<string>; counted: Set<string> };
const cache = new Map<string, Compiled | null>();

/** The message parsed once per language (null when it is no valid ICU message: shown with its placeholders filled). */
function compiled(locale: Locale, key: string, text: string): Compiled | null {
  const id = `${locale}\u0000${key}`;
  let entry = cache.get(id);
  if (entry === undefined) {
    try {
      // Tags are text here: markup belongs to the pages that render it.
      const format = new IntlMessageFormat(text, intlLocale(locale), undefined, { ignoreTag: true });
      const args = new Set<string>();
      const counted = new Set<string>();
      collect(format.getAst(), args, counted);
      entry = { format, args, counted };
    } catch {
      entry = null;
    }
    cache.set(id, entry);
  }
  return entry;
}

// The parser's element kinds (@formatjs/icu-messageformat-parser TYPE): 1 argument, 2 number, 3 date, 4 time, 5 select,
// 6 plural, 8 tag.
type Element = { type: number; value?: unknown; options?: Record<string, { value: Element[] }>; children?: Element[] };

function collect(elements: Element[], args: Set<string>, counted: Set<string>): void {
  for (const el of elements) {
    if (el.type >= 1 && el.type <= 6 && typeof el.value === "string") args.add(el.value);
    if ((el.type === 2 || el.type === 6) && typeof el.value === "string") counted.add(el.value);
    for (const option of Object.values(el.options ?? {})) collect(option.value, args, counted);
    if (el.children) collect(el.children, args, counted);
  }
}
