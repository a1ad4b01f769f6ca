// Server-side lookup for API answers (route handlers have no React tree): "Api.userNotFound" → the locale's text.
import { formatCountry } from "@/lib/format/intl";
import { catalogues } from "./catalogues";
import { defaultLocale, type Locale } from "./routing";

const REGION = "#region:";

/**
 * A parameter that reads as a country's name in the answer's language: `regionParam("FR")` is "France" in English,
 * "Francia" in Spanish (Intl.DisplayNames, so every country has its name without a message key of its own).
 */
export function regionParam(code: string): string {
  return `${REGION}${code}`;
}

export function translate(locale: Locale, key: string, params: Record<string, string | number> = {}): string {
  const text = lookup(locale, key) ?? lookup(defaultLocale, key) ?? key;
  // A parameter written "@Fields.email" is itself a key, so "{field} is required" reads "E-mail est obligatoire" in French.
  return text.replace(/\{(\w+)\}/g, (m, name: string) => {
    if (!(name in params)) return m;
    const value = String(params[name]);
    if (value.startsWith(REGION)) return formatCountry(value.slice(REGION.length), locale);
    return value.startsWith("@") ? translate(locale, value.slice(1)) : value;
  });
}

function lookup(locale: Locale, key: string): string | undefined {
  let node: unknown = catalogues[locale];
  for (const part of key.split(".")) {
    if (node === null || typeof node !== "object") return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === "string" ? node : undefined;
}
