// The catalogues as a test reads them: m("fr", "LoginPage.failed") is what a French user sees.
import en from "../../../messages/en.json" with { type: "json" };
import es from "../../../messages/es.json" with { type: "json" };
import fr from "../../../messages/fr.json" with { type: "json" };
import { IntlMessageFormat } from "intl-messageformat";

export const LOCALES = ["en", "fr", "es"] as const;
export type Locale = (typeof LOCALES)[number];
const catalogues: Record<Locale, unknown> = { en, fr, es };

export function m(locale: Locale, key: string, params: Record<string, string | number> = {}): string {
  let node: unknown = catalogues[locale];
  for (const part of key.split(".")) node = (node as Record<string, unknown> | undefined)?.[part];
  if (typeof node !== "string") throw new Error(`No message ${key} in ${locale}`);
  // A plural or a choice is formatted as the page formats it; a plain message keeps any placeholder not given, for a
  // test that splits on it.
  if (/\{\w+, (plural|select|selectordinal),/.test(node)) return new IntlMessageFormat(node, locale).format(params) as string;
  return node.replace(/\{(\w+)\}/g, (all, name: string) => (name in params ? String(params[name]) : all));
}

/** The public path in a locale: English unprefixed, the others under /fr and /es. */
export function at(locale: Locale, path: string): string {
  if (locale === "en") return path;
  return path === "/" ? `/${locale}` : `/${locale}${path}`;
}
