// The texts of the messages sent to callers (SMS, WhatsApp, email) and to the business owner (email), in the locale
// asked for and the business's time zone. Plain functions over plain data: jobs, routes and tests call them alike.
//
// Health data: a text message shows on a locked phone's screen, so SMS and WhatsApp to the caller never carry the
// reason for the visit (the caller's own words: "chest pain"); the caller's email leaves it out as well. Only the owner's
// email states it. What a text does say is the service booked, a name from the practice's own list ("colouring",
// "cleaning"), as the recall text does, and whose appointment it is: two people on one number (a parent and a child)
// must tell their appointments apart.
import { firstNames, personName } from "@/lib/platform/format/person-name";
import { dateLocale, formatTime } from "@/lib/platform/format/intl";
import { countryOfBusiness } from "@/lib/platform/phone/phone";
import { formatPhone, phoneHref } from "@/lib/platform/phone/format";
import type { Locale } from "@/lib/platform/i18n/routing";
import { translate } from "@/lib/platform/i18n/translate";

export type AppointmentFacts = {
  businessName: string;
  businessPhone: string | null;
  businessAddress: string | null;
  patientName: string;
  start: Date;
  end: Date;
  /** The business's IANA zone: every date and time is written as the business's clock shows it. */
  timeZone: string;
  reason: string | null;
  /** The service booked, as the practice names it: texts say what the appointment is for with it. */
  service?: string | null;
  /** Who booked it, when not the patient (a parent for a child): the texts say "for Léa Martin, booked by Sophie Martin". */
  callerName?: string | null;
  /**
   * The reader's country (ISO 3166-1): numbers of it are written in national form ("01 23 45 67 89"), others in
   * international form ("+33 1 23 45 67 89"). Numbers arrive in E.164.
   */
  country?: string | null;
  /** The text goes out from a line whose answers are read (C to confirm, X or ANNULER to cancel): the SMS says so. */
  repliesRead?: boolean;
  /** The caller's self-service link (see, cancel or move it online), when the appointment can still change. */
  manageUrl?: string | null;
  /** Who the appointment is with, in a practice of several (a practice of one names no one). */
  practitioner?: string | null;
};

export type Kind = "confirmation" | "reschedule" | "cancellation" | "reminder";

export type EmailContent = { subject: string; text: string; html: string };

export type OwnerBookingFacts = AppointmentFacts & {
  /** The number the confirmations go to. */
  patientPhone: string | null;
  /** The number the caller rang from, when it is not patientPhone: the owner sees both, each named. */
  callerPhone?: string | null;
  patientEmail: string | null;
  dashboardUrl: string;
};

export type OwnerMessageFacts = {
  businessName: string;
  callerName: string | null;
  callerPhone: string | null;
  body: string;
  at: Date;
  timeZone: string;
  dashboardUrl: string;
  /** The owner's business's country (see AppointmentFacts.country). */
  country?: string | null;
  /** The number the call came from, when it is not the number given to call back on (callerPhone). */
  calledFrom?: string | null;
  /** What the request is about and how soon (a task in the inbox); absent for a plain message. */
  category?: string | null;
  urgent?: boolean;
};

/**
 * Approved WhatsApp templates, one per kind, each with the body parameters {{1}} business, {{2}} date, {{3}} time. The
 * time carries what the appointment is for and whose it is ("11:00 (colouring, for Léa Martin)"), as in the SMS.
 */
export const WHATSAPP_TEMPLATES: Record<Kind, string> = {
  confirmation: "appointment_confirmation",
  reschedule: "appointment_reschedule",
  cancellation: "appointment_cancellation",
  reminder: "appointment_reminder",
};

// Meta's template language codes: French exists only as plain "fr" (there is no "fr_FR"); Spanish has "es_ES" for Spain.
export const WHATSAPP_LANGUAGES: Record<Locale, string> = { en: "en_US", fr: "fr", es: "es_ES" };

// A 160-character business name would push an SMS past three segments; the name is the only unbounded part.
const SMS_NAME_MAX = 50;

export function callerSms(locale: Locale, kind: Kind, facts: AppointmentFacts): string {
  const { date, time } = slot(locale, facts);
  const parts = [t(locale, `sms.${kind}`, { business: clip(facts.businessName, SMS_NAME_MAX), date, time })];
  if (facts.practitioner) parts.push(withWhom(locale, facts.practitioner));
  if (facts.businessPhone) parts.push(t(locale, "sms.callUs", { phone: formatPhone(facts.businessPhone, facts.country) }));
  if (facts.manageUrl && kind !== "cancellation") parts.push(t(locale, "sms.manage", { url: facts.manageUrl }));
  // Texts come from the business's line, which reads the answers (lib/messaging/inbox): the caller is told which ones.
  if (facts.repliesRead && kind !== "cancellation") parts.push(t(locale, "sms.replyHint"));
  parts.push(t(locale, "sms.optOut"));
  return smsSafe(parts.join(" "));
}

/** What an automatic answer to a caller's text says (lib/messaging/inbox): each about one appointment. */
export type ReplyKind = "confirmed" | "cancelAsk" | "kept" | "change" | "cancelStale" | "cancelExpired" | "tooLate";

/**
 * An answer to the caller's own text, sent on the channel they wrote on (inside WhatsApp's window, so free text). No
 * reason for the visit, as in every text; "change" says where to change it: the self-service link when there is one,
 * else the business's number.
 */
export function callerReplyText(locale: Locale, kind: ReplyKind, facts: AppointmentFacts & { changeUrl?: string | null }): string {
  const { date, time } = slot(locale, facts);
  const business = clip(facts.businessName, SMS_NAME_MAX);
  const phone = facts.businessPhone ? formatPhone(facts.businessPhone, facts.country) : "";
  const whom = facts.practitioner ? ` ${withWhom(locale, facts.practitioner)}` : "";
  if (kind === "tooLate")
    return smsSafe(
      `${t(locale, "reply.tooLate", { business, date, time })}${whom} ${phone ? t(locale, "reply.changeCall", { phone }) : ""}`.trim(),
    );
  if (kind === "change") {
    const how = facts.changeUrl
      ? t(locale, "reply.changeLink", { url: facts.changeUrl })
      : phone
        ? t(locale, "reply.changeCall", { phone })
        : "";
    return smsSafe(`${t(locale, "reply.change", { business, date, time })}${whom} ${how}`.trim());
  }
  return smsSafe(`${t(locale, `reply.${kind}`, { business, date, time })}${whom}`);
}

/**
 * The date and time a text names an appointment by, the time followed by what it is for and whose it is: "Wednesday,
 * December 9, 2026" and "11:00 AM (colouring, for Léa, booked by Sophie)". First names only: a text shows on a locked
 * screen, and a first name is enough to tell apart two people who share a phone. Mid-sentence or at its end, in each
 * language, the brackets read right ("your appointment on … (…) has been cancelled").
 */
export function slot(
  locale: Locale,
  f: Pick<AppointmentFacts, "start" | "timeZone" | "service" | "patientName" | "callerName">,
): { date: string; time: string } {
  const { date, time } = when(locale, f.start, f.timeZone);
  const names = firstNames(f.patientName, f.callerName);
  const patient = clip(names.patient, SMS_NAME_MAX);
  const caller = names.caller ? clip(names.caller, SMS_NAME_MAX) : "";
  const whose = patient ? t(locale, caller ? "sms.forPatientBookedBy" : "sms.forPatient", { patient, caller }) : "";
  const detail = [f.service ? clip(f.service, SMS_NAME_MAX) : "", whose].filter(Boolean).join(", ");
  return { date, time: detail ? t(locale, "sms.timeDetail", { time, detail }) : time };
}

/** "With Dr Roux.": the sentence a text adds in a practice of several. */
function withWhom(locale: Locale, practitioner: string): string {
  // "Avec le Dr Roux.", "Con la Dra. Ruiz.": a title takes its article.
  return t(locale, "sms.practitioner", { practitioner: personName(clip(practitioner, SMS_NAME_MAX), locale) });
}

/** The text telling a caller their request is handled: the practice and a number to call, nothing of what it was. */
export function taskDoneText(locale: Locale, f: { businessName: string; businessPhone: string | null; country?: string | null }): string {
  const business = clip(f.businessName, SMS_NAME_MAX);
  const parts = [t(locale, "taskDone", { business })];
  if (f.businessPhone) parts.push(t(locale, "sms.callUs", { phone: formatPhone(f.businessPhone, f.country) }));
  return smsSafe(parts.join(" "));
}

/**
 * A recall: the caller is due again for a service, with the booking page's link. It names the service, unlike every
 * other text: the owner chose which services are recalled, and "time for your next cleaning" is the whole message.
 */
export function recallSms(locale: Locale, f: { businessName: string; service: string; url: string }): string {
  const said = t(locale, "recall", { business: clip(f.businessName, SMS_NAME_MAX), service: clip(f.service, SMS_NAME_MAX), url: f.url });
  return smsSafe(`${said} ${t(locale, "sms.optOut")}`);
}

/** The hint under a confirmation or reminder text: the answers a caller can give (texts to a line that reads them). */
export function replyHint(locale: Locale): string {
  return t(locale, "sms.replyHint");
}

export type OwnerThreadFacts = {
  businessName: string;
  callerName: string | null;
  callerPhone: string;
  channel: "sms" | "whatsapp";
  body: string;
  at: Date;
  timeZone: string;
  dashboardUrl: string;
  country?: string | null;
};

/** The owner's email for a caller's text no keyword answered: who, when, the text, and where to reply. */
export function ownerThreadEmail(locale: Locale, m: OwnerThreadFacts): EmailContent {
  const { date, time } = when(locale, m.at, m.timeZone);
  const name = m.callerName?.trim() || null;
  const caller = name ?? formatPhone(m.callerPhone, m.country);
  return render(locale, {
    subject: t(locale, "thread.subject", { caller }),
    paragraphs: [t(locale, `thread.intro.${m.channel}`, { business: m.businessName, date, time })],
    rows: [...(name ? [[t(locale, "message.from"), name] as Row] : []), phoneRow(t(locale, "message.phone"), m.callerPhone, m.country)],
    quote: { label: t(locale, "message.message"), body: m.body || t(locale, "thread.noText") },
    link: { label: t(locale, "thread.reply"), url: m.dashboardUrl },
    footer: t(locale, "owner.footer", { business: m.businessName }),
  });
}

export function callerWhatsApp(
  locale: Locale,
  kind: Kind,
  facts: AppointmentFacts,
): { text: string; template: { name: string; language: string; parameters: string[] } } {
  const { date, time } = slot(locale, facts);
  // The template's business parameter carries who with, in a practice of several: its three parameters are fixed.
  const business = clip(facts.practitioner ? `${facts.businessName} (${facts.practitioner})` : facts.businessName, SMS_NAME_MAX);
  // The free text sent inside the 24-hour window reads exactly like the approved template it stands in for, so the
  // caller gets the same message either way: no phone line, since the templates take three parameters only.
  const text = smsSafe(`${t(locale, `sms.${kind}`, { business, date, time })} ${t(locale, "sms.optOut")}`);
  return {
    text,
    template: { name: WHATSAPP_TEMPLATES[kind], language: WHATSAPP_LANGUAGES[locale], parameters: [business, date, time].map(smsSafe) },
  };
}

export function callerEmail(locale: Locale, kind: Kind, facts: AppointmentFacts): EmailContent {
  const { date } = when(locale, facts.start, facts.timeZone);
  const business = facts.businessName;
  const subject = t(locale, `email.subject.${kind}`, { business, date });
  const patient = facts.patientName.trim();
  const caller = facts.callerName?.trim() || null;
  const rows: Row[] = [
    [t(locale, "email.with"), business],
    ...(patient ? [[t(locale, "email.for"), caller ? t(locale, "email.bookedBy", { patient, caller }) : patient] as Row] : []),
    ...(facts.service ? [[t(locale, "email.service"), facts.service] as Row] : []),
    ...(facts.practitioner ? [[t(locale, "email.practitioner"), facts.practitioner] as Row] : []),
    [t(locale, "email.date"), date],
    [t(locale, "email.time"), timeRange(locale, facts)],
    ...(facts.businessAddress ? [[t(locale, "email.address"), facts.businessAddress] as Row] : []),
    ...(facts.businessPhone ? [phoneRow(t(locale, "email.phone"), facts.businessPhone, facts.country)] : []),
  ];
  // Whoever booked reads it: the parent who booked for a child, else the patient.
  const reader = caller ?? patient;
  const greeting = reader ? t(locale, "email.greeting", { name: reader }) : t(locale, "email.greetingNoName");
  const closing = facts.businessPhone
    ? [t(locale, kind === "cancellation" ? "email.rebook" : "email.change", { phone: formatPhone(facts.businessPhone, facts.country) })]
    : [];
  const manage = facts.manageUrl && kind !== "cancellation" ? { label: t(locale, "email.manage"), url: facts.manageUrl } : undefined;
  return render(locale, {
    subject,
    paragraphs: [greeting, t(locale, `email.intro.${kind}`)],
    rows,
    after: closing,
    link: manage,
    footer: t(locale, "email.footer", { business }),
  });
}

export function ownerBookingEmail(locale: Locale, kind: Kind, facts: OwnerBookingFacts): EmailContent {
  const { date, time } = when(locale, facts.start, facts.timeZone);
  const missing = t(locale, "owner.notProvided");
  const name = facts.patientName.trim() || missing;
  return render(locale, {
    subject: t(locale, `owner.subject.${kind}`, { name, date, time }),
    paragraphs: [t(locale, `owner.intro.${kind}`)],
    rows: [
      [t(locale, "owner.name"), name],
      ...(facts.callerName?.trim() ? [[t(locale, "owner.bookedBy"), facts.callerName.trim()] as Row] : []),
      ...(facts.practitioner ? [[t(locale, "email.practitioner"), facts.practitioner] as Row] : []),
      [t(locale, "email.date"), date],
      [t(locale, "email.time"), timeRange(locale, facts)],
      ...(facts.service ? [[t(locale, "email.service"), facts.service] as Row] : []),
      ...phoneRows(locale, facts.patientPhone, facts.callerPhone, facts.country, missing),
      [t(locale, "owner.email"), facts.patientEmail || missing],
      [t(locale, "owner.reason"), facts.reason?.trim() || missing],
    ],
    link: { label: t(locale, "owner.openDashboard"), url: facts.dashboardUrl },
    footer: t(locale, "owner.footer", { business: facts.businessName }),
  });
}

export function ownerMessageEmail(locale: Locale, m: OwnerMessageFacts): EmailContent {
  const { date, time } = when(locale, m.at, m.timeZone);
  const name = m.callerName?.trim() || null;
  const caller = name ?? (m.callerPhone ? formatPhone(m.callerPhone, m.country) : t(locale, "message.unknownCaller"));
  const subject = t(locale, "message.subject", { caller });
  return render(locale, {
    subject: m.urgent ? t(locale, "message.urgentSubject", { subject }) : subject,
    paragraphs: [t(locale, "message.intro", { business: m.businessName, date, time })],
    rows: [
      ...(m.category && m.category !== "other"
        ? [[t(locale, "message.request"), t(locale, `message.categories.${m.category}`)] as Row]
        : []),
      [t(locale, "message.from"), name ?? t(locale, "message.unknownCaller")],
      ...(m.calledFrom && m.callerPhone && m.calledFrom !== m.callerPhone
        ? [
            phoneRow(t(locale, "owner.calledFrom"), m.calledFrom, m.country),
            phoneRow(t(locale, "message.callBack"), m.callerPhone, m.country),
          ]
        : [
            m.callerPhone
              ? phoneRow(t(locale, "message.phone"), m.callerPhone, m.country)
              : ([t(locale, "message.phone"), t(locale, "owner.notProvided")] as Row),
          ]),
    ],
    quote: { label: t(locale, "message.message"), body: m.body },
    link: { label: t(locale, "owner.openDashboard"), url: m.dashboardUrl },
    footer: t(locale, "owner.footer", { business: m.businessName }),
  });
}

/** The five characters that matter in HTML text and double-quoted attributes. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);
}

/** A label and its value; `href` makes the value a link in the HTML part (a phone number's tel: link). */
export type Row = [label: string, value: string, href?: string];

/**
 * The owner's rows for a booking's numbers: one "Phone" when the caller rang from the number the confirmations go to;
 * both, each named, when they differ (a caller abroad who gave a mobile, a parent who gave the child's number).
 */
function phoneRows(
  locale: Locale,
  confirmTo: string | null,
  calledFrom: string | null | undefined,
  country: string | null | undefined,
  missing: string,
): Row[] {
  if (calledFrom && calledFrom !== confirmTo)
    return [
      phoneRow(t(locale, "owner.calledFrom"), calledFrom, country),
      confirmTo ? phoneRow(t(locale, "owner.confirmationsTo"), confirmTo, country) : [t(locale, "owner.confirmationsTo"), missing],
    ];
  return [confirmTo ? phoneRow(t(locale, "owner.phone"), confirmTo, country) : [t(locale, "owner.phone"), missing]];
}

/** A phone number's row: written for the reader, linked to its E.164 form. */
function phoneRow(label: string, phone: string, country: string | null | undefined): Row {
  const href = phoneHref(phone);
  return href ? [label, formatPhone(phone, country), href] : [label, phone];
}

export type EmailParts = {
  subject: string;
  paragraphs: string[];
  rows: Row[];
  quote?: { label: string; body: string };
  after?: string[];
  link?: { label: string; url: string };
  footer: string;
};

/**
 * "Notifications.<key>" with {placeholders} filled here, each value as written: a caller's name or message is free text
 * (braces, "@" and all), never read as a message.
 */
function t(locale: Locale, key: string, params: Record<string, string> = {}): string {
  return translate(locale, `Notifications.${key}`).replace(/\{(\w+)\}/g, (m, name: string) => params[name] ?? m);
}

/**
 * "Tuesday, December 1, 2026" ("Tuesday, 1 December 2026" from a business in the UK, the day first as its calls say it) / "mardi 1
 * décembre 2026" / "martes, 1 de diciembre de 2026", and "9:30 AM" / "09:30". The business's country is its zone's.
 */
function when(locale: Locale, at: Date, timeZone: string): { date: string; time: string } {
  return {
    date: new Intl.DateTimeFormat(dateLocale(locale, countryOfBusiness({ timeZone })), { dateStyle: "full", timeZone }).format(at),
    time: formatTime(at, locale, timeZone),
  };
}

function timeRange(locale: Locale, f: { start: Date; end: Date; timeZone: string }): string {
  return t(locale, "email.timeRange", { start: formatTime(f.start, locale, f.timeZone), end: formatTime(f.end, locale, f.timeZone) });
}

/** At most `max` characters, on one line: a WhatsApp template refuses a parameter with a line break or a run of spaces. */
function clip(value: string, max: number): string {
  const chars = [...value.replace(/\s+/g, " ").trim()];
  return chars.length > max
    ? `${chars
        .slice(0, max - 1)
        .join("")
        .trimEnd()}…`
    : chars.join("");
}

// ICU writes "9:30 AM" with a narrow no-break space (U+202F); one such character switches a whole SMS from GSM-7 to
// UCS-2, which cuts a segment from 160 to 70 characters. Plain spaces read the same.
function smsSafe(text: string): string {
  return text.replace(/[\u00a0\u202f\u2009]/g, " ");
}

export function render(locale: Locale, p: EmailParts): EmailContent {
  // "Nom : Marie" in French, "Name: Marie" elsewhere.
  const row = (label: string, value: string) => t(locale, "email.row", { label, value });
  const text = [
    ...p.paragraphs,
    ...(p.rows.length ? [p.rows.map(([label, value]) => row(label, value)).join("\n")] : []),
    ...(p.quote ? [`${row(p.quote.label, "")}\n${p.quote.body}`.replace(/ +\n/, "\n")] : []),
    ...(p.after ?? []),
    ...(p.link ? [row(p.link.label, p.link.url)] : []),
    // "-- " (with the space) is the signature separator mail clients recognize and fold away.
    `-- \n${p.footer}`,
  ].join("\n\n");

  const e = escapeHtml;
  const rows = p.rows
    .map(
      ([label, value, href]) =>
        `<tr><th align="left" style="padding:4px 16px 4px 0;color:#555;font-weight:600;vertical-align:top">${e(label)}</th>` +
        `<td style="padding:4px 0">${href ? `<a href="${e(href)}" style="color:#2563eb">${e(value)}</a>` : e(value)}</td></tr>`,
    )
    .join("");
  const html = [
    `<!doctype html><html lang="${locale}"><head><meta charset="utf-8">`,
    `<meta name="viewport" content="width=device-width, initial-scale=1"><title>${e(p.subject)}</title></head>`,
    `<body style="margin:0;padding:24px;background:#f5f6f8;font-family:Arial,Helvetica,sans-serif;color:#111;line-height:1.5">`,
    `<div style="max-width:560px;margin:0 auto;background:#fff;border-radius:8px;padding:24px">`,
    ...p.paragraphs.map((para) => `<p style="margin:0 0 12px">${e(para)}</p>`),
    ...(p.rows.length ? [`<table role="presentation" style="border-collapse:collapse;margin:8px 0 16px">${rows}</table>`] : []),
    ...(p.quote
      ? [
          `<p style="margin:0 0 4px;color:#555;font-weight:600">${e(p.quote.label)}</p>`,
          // pre-wrap keeps the caller's line breaks without turning their text into markup.
          `<div style="white-space:pre-wrap;border-left:3px solid #ddd;padding:4px 12px;margin:0 0 16px">${e(p.quote.body)}</div>`,
        ]
      : []),
    ...(p.after ?? []).map((para) => `<p style="margin:0 0 12px">${e(para)}</p>`),
    ...(p.link && isWebUrl(p.link.url)
      ? [`<p style="margin:16px 0"><a href="${e(p.link.url)}" style="color:#2563eb">${e(p.link.label)}</a></p>`]
      : []),
    `<p style="margin:24px 0 0;color:#777;font-size:12px">${e(p.footer)}</p>`,
    `</div></body></html>`,
  ].join("\n");

  return { subject: oneLine(p.subject), text, html };
}

// Only our own http(s) links become anchors: a "javascript:" URL would survive HTML escaping.
function isWebUrl(url: string): boolean {
  try {
    const { protocol } = new URL(url);
    return protocol === "https:" || protocol === "http:";
  } catch {
    return false;
  }
}

// A subject is one header line; a line break from a caller's name must not reach it (nodemailer folds, but why rely).
function oneLine(value: string): string {
  return value.replace(/\s*[\r\n]+\s*/g, " ").trim();
}
