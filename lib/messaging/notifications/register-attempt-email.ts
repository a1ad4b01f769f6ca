// The email to the owner of a set-up account when someone tries to register with its address: the registration form
// answers the same for every taken email, so this is how the owner (and only the owner) learns what happened.
import type { Locale } from "@/lib/platform/i18n/routing";
import { translate } from "@/lib/platform/i18n/translate";
import { render, type EmailContent } from "./templates";

export function registerAttemptEmail(locale: Locale, f: { signInUrl: string; support: string }): EmailContent {
  const t = (key: string) => translate(locale, `Notifications.registerAttempt.${key}`, { support: f.support });
  return render(locale, {
    subject: t("subject"),
    paragraphs: [t("intro"), t("ifYou"), t("ifNotYou")],
    rows: [],
    link: { label: t("action"), url: f.signInUrl },
    footer: translate(locale, "Notifications.account.footer", { support: f.support }),
  });
}
