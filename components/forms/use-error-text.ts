"use client";
import { useTranslations } from "next-intl";
import type { FieldError } from "react-hook-form";
import type { ValidationFieldError } from "./lazy-zod-resolver";

/**
 * A form error's message is a "Validation" key (from the shared zod schemas, through lazyZodResolver); this renders it
 * in the page's language, its placeholders filled with the bound the resolver read from the schema.
 */
export function useErrorText() {
  const v = useTranslations("Validation");
  const f = useTranslations("Fields");
  return (field: string, error: Pick<FieldError, "message"> | undefined): string | undefined => {
    if (!error) return undefined;
    const leaf = field.split(".").at(-1) ?? field;
    const label = f.has(leaf) ? f(leaf) : leaf;
    let key = error.message ?? "";
    // As on the server (lib/platform/http/route.ts): a field can have its own "required" wording.
    if (key === "required" && v.has(`${leaf}Required`)) key = `${leaf}Required`;
    const params = (error as ValidationFieldError).params ?? {};
    // A key whose text names a bound the error does not carry (a rule set by hand) reads as "invalid", never "{max}".
    const missing = (name: keyof typeof params) =>
      v.has(key) && new RegExp(`\\{${name}[,}]`).test(String(v.raw(key))) && params[name] === undefined;
    if (!v.has(key) || missing("max") || missing("min")) return v("invalid", { field: label });
    return v(key, { field: label, ...params });
  };
}
