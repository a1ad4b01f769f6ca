// The text telling a patient their appointment is now with another practitioner of the practice, at the same time: sent
// only when the owner chose to, by one channel (the one the patient is reached by), in the patient's language. It names
// the new practitioner and says the time is unchanged, so it never reads as a move the patient must act on.
import type { ConfirmationChannel } from "@/db/schema";
import { personName } from "@/lib/platform/format/person-name";
import { formatPhone } from "@/lib/platform/phone/format";
import type { Locale } from "@/lib/platform/i18n/routing";
import { translate } from "@/lib/platform/i18n/translate";
import type { PhoneChannel } from "./channels";
import { render, slot, WHATSAPP_LANGUAGES, type AppointmentFacts, type EmailContent } from "./templates";

/** Approved WhatsApp template: {{1}} business, {{2}} date, {{3}} time (what it is for and whose), {{4}} practitioner. */
export const REASSIGNMENT_WHATSAPP_TEMPLATE = "appointment_practitioner_change";

// A long business or practitioner name would push the text past three segments; the names are the unbounded parts.
const NAME_MAX = 50;

function t(locale: Locale, key: string, params: Record<string, string> = {}): string {
  return translate(locale, `Notifications.${key}`).replace(/\{(\w+)\}/g, (m, name: string) => params[name] ?? m);
}

/** One line, at most NAME_MAX characters: a WhatsApp template refuses a parameter with a line break. */
function clip(value: string): string {
  const chars = [...value.replace(/\s+/g, " ").trim()];
  return chars.length > NAME_MAX
    ? `${chars
        .slice(0, NAME_MAX - 1)
        .join("")
        .trimEnd()}…`
    : chars.join("");
}

// ICU's narrow no-break space ("9:30 AM") would switch a whole SMS to UCS-2, a third of the characters per segment.
const smsSafe = (text: string) => text.replace(/[\u00a0\u202f\u2009]/g, " ");

/**
 * The one phone channel the news goes by: the patient's own choice when they made one (a patient who asked for both
 * gets both), else the channel they last wrote to the practice on, else the business's channel, SMS when it uses
 * both. A practitioner change is news, not a confirmation to keep: one message is enough.
 */
export function reassignmentChannels(
  asked: ConfirmationChannel | null | undefined,
  lastWrote: PhoneChannel | null,
  businessDefault: ConfirmationChannel,
): PhoneChannel[] {
  if (asked) return asked === "both" ? ["sms", "whatsapp"] : [asked];
  if (lastWrote) return [lastWrote];
  return businessDefault === "both" ? ["sms"] : [businessDefault];
}

type ReassignmentFacts = AppointmentFacts & { practitioner: string };

function sentence(locale: Locale, f: ReassignmentFacts, business: string): string {
  const { date, time } = slot(locale, f);
  // "Avec le Dr Roux", "con la Dra. Ruiz": a title takes its article.
  const practitioner = personName(clip(f.practitioner), locale);
  return t(locale, "reassigned.text", { business, date, time, practitioner });
}

/** "Clinica Sol: your appointment on Thursday, … at 5:00 PM is now with Javier Ortega; the time is unchanged. …" */
export function reassignmentSms(locale: Locale, f: ReassignmentFacts): string {
  const parts = [sentence(locale, f, clip(f.businessName))];
  if (f.businessPhone) parts.push(t(locale, "sms.callUs", { phone: formatPhone(f.businessPhone, f.country) }));
  if (f.manageUrl) parts.push(t(locale, "sms.manage", { url: f.manageUrl }));
  parts.push(t(locale, "sms.optOut"));
  return smsSafe(parts.join(" "));
}

/** The WhatsApp message: the approved template, and the same words as free text. */
export function reassignmentWhatsApp(
  locale: Locale,
  f: ReassignmentFacts,
): { text: string; template: { name: string; language: string; parameters: string[] } } {
  const business = clip(f.businessName);
  const { date, time } = slot(locale, f);
  const practitioner = personName(clip(f.practitioner), locale);
  return {
    text: smsSafe(`${sentence(locale, f, business)} ${t(locale, "sms.optOut")}`),
    template: {
      name: REASSIGNMENT_WHATSAPP_TEMPLATE,
      language: WHATSAPP_LANGUAGES[locale],
      parameters: [business, date, time, practitioner].map(smsSafe),
    },
  };
}

/** The email, for a patient with an address and no phone: the sentence, the way to reach the practice, the link. */
export function reassignmentEmail(locale: Locale, f: ReassignmentFacts): EmailContent {
  const reader = f.callerName?.trim() || f.patientName.trim();
  return render(locale, {
    subject: t(locale, "reassigned.subject", { business: f.businessName }),
    paragraphs: [
      reader ? t(locale, "email.greeting", { name: reader }) : t(locale, "email.greetingNoName"),
      sentence(locale, f, f.businessName),
    ],
    rows: [],
    after: f.businessPhone ? [t(locale, "sms.callUs", { phone: formatPhone(f.businessPhone, f.country) })] : [],
    link: f.manageUrl ? { label: t(locale, "email.manage"), url: f.manageUrl } : undefined,
    footer: t(locale, "email.footer", { business: f.businessName }),
  });
}
