"use client";
import { useTranslations } from "next-intl";
import type { FieldError } from "react-hook-form";

/** A form error's message is a "Validation" key (from the shared zod schemas); this renders it in the page's language. */
export function useErrorText() {
  const v = useTranslations("Validation");
  const f = useTranslations("Fields");
  return (field: string, error: FieldError | undefined): string | undefined => {
    if (!error) return undefined;
    const leaf = field.split(".").at(-1) ?? field;
    const label = f.has(leaf) ? f(leaf) : leaf;
    let key = error.message ?? "";
    // As on the server (lib/http/route.ts): a field can have its own "required" wording.
    if (key === "required" && v.has(`${leaf}Required`)) key = `${leaf}Required`;
    return v.has(key) ? v(key, { field: label, max: "" }) : v("invalid", { field: label });
  };
}
