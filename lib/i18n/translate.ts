// Server-side lookup for API answers (route handlers have no React tree): "Api.userNotFound" → the locale's text.
import { readCookie } from "@/lib/http/cookies";
import { catalogues } from "./catalogues";
import { defaultLocale, isLocale, LOCALE_COOKIE, type Locale } from "./routing";

export function translate(locale: Locale, key: string, params: Record<string, string | number> = {}): string {
  const text = lookup(locale, key) ?? lookup(defaultLocale, key) ?? key;
  // A parameter written "@Fields.email" is itself a key, so "{field} is required" reads "E-mail est obligatoire" in French.
  return text.replace(/\{(\w+)\}/g, (m, name: string) => {
    if (!(name in params)) return m;
    const value = String(params[name]);
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

/** The user's language for an API answer: the stored preference cookie, then Accept-Language, then English. */
export function localeOf(req: Request): Locale {
  const cookie = readCookie(req.headers.get("cookie"), LOCALE_COOKIE);
  if (isLocale(cookie)) return cookie;
  const header = req.headers.get("accept-language") ?? "";
  const ranked = header
    .split(",")
    .map((part) => {
      const [tag = "", ...rest] = part.trim().split(";");
      const q = rest.find((r) => r.trim().startsWith("q="));
      return { lang: tag.toLowerCase().split("-")[0] ?? "", q: q ? Number(q.trim().slice(2)) || 0 : 1 };
    })
    .sort((a, b) => b.q - a.q);
  return ranked.find((r) => isLocale(r.lang))?.lang as Locale | undefined ?? defaultLocale;
}
