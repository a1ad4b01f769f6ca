// The account lifecycle emails: the setup link after a checkout, the password reset link and the notice of a changed
// password, the warning two days before a trial ends, the notice when an account lapses, and the notice of a checkout
// held for the account. Plain functions over plain data, each with an HTML and a plain-text part.
import { formatDateTime, formatLongDate } from "@/lib/platform/format/intl";
import type { Locale } from "@/lib/platform/i18n/routing";
import { translate } from "@/lib/platform/i18n/translate";
import { render, type EmailContent } from "./templates";

function t(locale: Locale, key: string, params: Record<string, string | number> = {}): string {
  return translate(locale, `Notifications.account.${key}`, params);
}

export function setupEmail(locale: Locale, f: { url: string; expiresAt: Date; timeZone: string; support: string }): EmailContent {
  return render(locale, {
    subject: t(locale, "setup.subject"),
    paragraphs: [
      t(locale, "setup.thanks"),
      t(locale, "setup.instructions", { date: formatLongDate(f.expiresAt.toISOString(), locale, f.timeZone) }),
    ],
    rows: [],
    link: { label: t(locale, "setup.action"), url: f.url },
    footer: t(locale, "setup.notYou", { support: f.support }),
  });
}

/** An invitation to join a practice's team: who invites, as what, and the link (until `expiresAt`). */
export function invitationEmail(
  locale: Locale,
  f: { practice: string; inviter: string; role: string; url: string; expiresAt: Date; timeZone: string; support: string },
): EmailContent {
  const role = translate(locale, `Team.roles.${f.role}`);
  return render(locale, {
    subject: t(locale, "invitation.subject", { practice: f.practice }),
    paragraphs: [
      t(locale, "invitation.intro", { inviter: f.inviter, practice: f.practice, role }),
      t(locale, "invitation.instructions", { date: formatLongDate(f.expiresAt.toISOString(), locale, f.timeZone) }),
    ],
    rows: [],
    link: { label: t(locale, "invitation.action"), url: f.url },
    footer: t(locale, "invitation.notYou", { support: f.support }),
  });
}

/** The single-use link that sets a new password (an hour). */
export function passwordResetEmail(locale: Locale, f: { url: string; support: string }): EmailContent {
  return render(locale, {
    subject: t(locale, "reset.subject"),
    paragraphs: [t(locale, "reset.intro"), t(locale, "reset.instructions"), t(locale, "reset.signedOut")],
    rows: [],
    link: { label: t(locale, "reset.action"), url: f.url },
    footer: t(locale, "reset.notYou", { support: f.support }),
  });
}

/** After a password change: when and how, and what to do if it was not the owner. */
export function passwordChangedEmail(
  locale: Locale,
  f: { email: string; at: Date; how: "reset" | "change"; timeZone: string; url: string; support: string },
): EmailContent {
  const c = (key: string, params: Record<string, string> = {}) => translate(locale, `Notifications.passwordChanged.${key}`, params);
  return render(locale, {
    subject: c("subject"),
    paragraphs: [
      c(f.how === "reset" ? "introReset" : "introChange", { email: f.email, date: formatDateTime(f.at, locale, f.timeZone) }),
      c("signedOut"),
      c("ifYou"),
      c("ifNotYou", { support: f.support }),
    ],
    rows: [],
    link: { label: c("action"), url: f.url },
    footer: t(locale, "footer", { support: f.support }),
  });
}

export function trialEndingEmail(locale: Locale, f: { trialEnd: Date; timeZone: string; url: string; support: string }): EmailContent {
  const date = formatLongDate(f.trialEnd.toISOString(), locale, f.timeZone);
  return render(locale, {
    subject: t(locale, "trialEnding.subject", { date }),
    paragraphs: [t(locale, "trialEnding.intro", { date }), t(locale, "trialEnding.after")],
    rows: [],
    link: { label: t(locale, "trialEnding.action"), url: f.url },
    footer: t(locale, "footer", { support: f.support }),
  });
}

export function lapsedEmail(
  locale: Locale,
  f: { endedAt: Date; wasTrial: boolean; number: string | null; numberKeptUntil: Date; timeZone: string; url: string; support: string },
): EmailContent {
  const date = formatLongDate(f.endedAt.toISOString(), locale, f.timeZone);
  return render(locale, {
    subject: t(locale, "lapsed.subject"),
    paragraphs: [
      t(locale, f.wasTrial ? "lapsed.introTrial" : "lapsed.introSubscription", { date }),
      t(locale, "lapsed.now"),
      ...(f.number
        ? [t(locale, "lapsed.number", { number: f.number, date: formatLongDate(f.numberKeptUntil.toISOString(), locale, f.timeZone) })]
        : []),
    ],
    rows: [],
    link: { label: t(locale, "lapsed.action"), url: f.url },
    footer: t(locale, "footer", { support: f.support }),
  });
}

/** To an account whose email a payer used without proving they own it: what happened, and what the owner may do. */
export function heldCheckoutEmail(
  locale: Locale,
  f: { email: string; paidAt: Date; timeZone: string; url: string; support: string },
): EmailContent {
  const date = formatLongDate(f.paidAt.toISOString(), locale, f.timeZone);
  return render(locale, {
    subject: t(locale, "held.subject"),
    paragraphs: [
      t(locale, "held.intro", { date, email: f.email }),
      t(locale, "held.unchanged"),
      t(locale, "held.ifYou"),
      t(locale, "held.ifNotYou"),
    ],
    rows: [],
    link: { label: t(locale, "held.action"), url: f.url },
    footer: t(locale, "footer", { support: f.support }),
  });
}

/** The owner's minutes this billing period reached 80% or 100% of the limit they set themselves. */
export function usageAlertEmail(
  locale: Locale,
  f: { level: 80 | 100; minutes: number; limit: number; periodEnd: Date; timeZone: string; url: string; support: string },
): EmailContent {
  const params = {
    minutes: f.minutes,
    limit: f.limit,
    date: formatLongDate(f.periodEnd.toISOString(), locale, f.timeZone),
  };
  return render(locale, {
    subject: t(locale, f.level === 100 ? "usage.subjectReached" : "usage.subjectNear", params),
    paragraphs: [t(locale, f.level === 100 ? "usage.introReached" : "usage.introNear", params), t(locale, "usage.still")],
    rows: [],
    link: { label: t(locale, "usage.action"), url: f.url },
    footer: t(locale, "footer", { support: f.support }),
  });
}
