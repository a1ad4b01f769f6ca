// The contact number the public site shows, per language: the French and Spanish pages show the one configured for
// them (PUBLIC_CONTACT_PHONE_FR / _ES), the English one PUBLIC_CONTACT_PHONE.
import type { Env } from "@/lib/platform/env";
import type { Locale } from "@/lib/platform/i18n/routing";

export function contactPhone(
  e: Pick<Env, "PUBLIC_CONTACT_PHONE" | "PUBLIC_CONTACT_PHONE_FR" | "PUBLIC_CONTACT_PHONE_ES">,
  locale: Locale,
): string {
  return locale === "fr" ? e.PUBLIC_CONTACT_PHONE_FR : locale === "es" ? e.PUBLIC_CONTACT_PHONE_ES : e.PUBLIC_CONTACT_PHONE;
}
