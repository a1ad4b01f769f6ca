// The waitlist's texts (lib/waitlist/offers.ts enqueues them): a freed slot offered, "reply YES before …",
// and that it is gone or expired. In the person's language, the business's time zone, from its line; never the reason
// for a visit (there is none yet), as in every text. A WhatsApp message we start goes as an approved template; an
// answer to their own message is free text inside the window their message opened.
import { offerWithEntry } from "@/lib/waitlist/offers";
import { loadBusinessContact } from "@/lib/accounts/business/contact";
import { practitionerToName } from "@/lib/accounts/business/tenant";
import { formatTime } from "@/lib/platform/format/intl";
import type { Locale } from "@/lib/platform/i18n/routing";
import { translate } from "@/lib/platform/i18n/translate";
import type { JobData } from "@/lib/platform/jobs/queue";
import { isOptedOut } from "@/lib/messaging/delivery/opt-outs";
import type { DispatchDeps } from "@/lib/messaging/notifications/dispatch";
import { slot, WHATSAPP_LANGUAGES } from "@/lib/messaging/notifications/templates";

export type WaitlistTextKind = JobData["waitlist-text"]["kind"];

/**
 * Approved WhatsApp templates, each with the body parameters {{1}} business, {{2}} date, {{3}} time; the time says whom
 * the slot is for and the service they wait for ("11:00 (colouring, for Léa Martin)"), as in the SMS.
 */
export const WAITLIST_WHATSAPP_TEMPLATES: Record<WaitlistTextKind, string> = {
  offer: "waitlist_offer",
  gone: "waitlist_slot_gone",
  expired: "waitlist_offer_expired",
};

// A long business name would push the text past three segments; the name is the only unbounded part.
const NAME_MAX = 50;

export type WaitlistFacts = {
  businessName: string;
  start: Date;
  expiresAt: Date;
  timeZone: string;
  practitioner: string | null;
  /** Who is waiting: two people waiting on one number are told apart. */
  name: string;
  /** The service they wait for, as the practice names it (never a reason: a text shows on a locked screen). */
  service: string | null;
};

/** "Notifications.waitlist.<key>", placeholders filled here, each value as written (a business's name is free text). */
function t(locale: Locale, key: string, params: Record<string, string> = {}): string {
  return translate(locale, `Notifications.${key}`).replace(/\{(\w+)\}/g, (m, name: string) => params[name] ?? m);
}

function clip(value: string): string {
  const chars = [...value.trim()];
  return chars.length > NAME_MAX
    ? `${chars
        .slice(0, NAME_MAX - 1)
        .join("")
        .trimEnd()}…`
    : chars.join("");
}

// ICU's narrow no-break space ("9:30 AM") would switch a whole SMS to UCS-2, a third of the characters per segment.
const smsSafe = (text: string) => text.replace(/[\u00a0\u202f\u2009]/g, " ");

/** The text of one waitlist message, and its template's parameters (business, date, time). */
export function waitlistText(locale: Locale, kind: WaitlistTextKind, f: WaitlistFacts): { text: string; parameters: string[] } {
  const business = clip(f.practitioner && kind === "offer" ? `${f.businessName} (${f.practitioner})` : f.businessName);
  const { date, time } = slot(locale, { start: f.start, timeZone: f.timeZone, service: f.service, patientName: f.name });
  const parts = [t(locale, `waitlist.${kind}`, { business, date, time, until: formatTime(f.expiresAt, locale, f.timeZone) })];
  if (kind === "offer") parts.push(t(locale, "sms.optOut"));
  return { text: smsSafe(parts.join(" ")), parameters: [business, date, time].map(smsSafe) };
}

/** Sends one waitlist text, once per key; nothing to a number that opted out, or once the entry or its offer is gone. */
export async function sendWaitlistText(deps: DispatchDeps, data: JobData["waitlist-text"]): Promise<void> {
  const row = await offerWithEntry(deps.db, data.offerId);
  if (!row) return;
  const { offer, entry } = row;
  // An offer taken or ended before its text left is not offered any more.
  if (data.kind === "offer" && offer.status !== "open") return;
  const channel = data.channel ?? entry.channel;
  if (await isOptedOut(deps.db, entry.userId, entry.phone, channel)) return;
  const biz = await loadBusinessContact(deps.db, entry.userId);
  if (!biz?.line) return;
  const { text, parameters } = waitlistText(entry.language, data.kind, {
    businessName: biz.businessName,
    start: offer.startsAt,
    expiresAt: offer.expiresAt,
    timeZone: biz.timeZone,
    practitioner: practitionerToName(biz.practitioners, offer.practitionerId),
    name: entry.name,
    service: entry.service,
  });
  const message = { userId: biz.userId, to: entry.phone, from: biz.line, text, dedupeKey: `waitlist:${data.key}` };
  if (channel === "sms") {
    await deps.sms.send(message);
    return;
  }
  const template = { name: WAITLIST_WHATSAPP_TEMPLATES[data.kind], language: WHATSAPP_LANGUAGES[entry.language], parameters };
  await deps.whatsapp.send({ ...message, whatsappTemplate: data.answer ? null : template });
}
