// The dashboard's home, rendered on the server for each visit: what needs the owner today (the appointments of today
// and tomorrow, the calls and texts to handle), each a link to its page, and under the title the checklist of what is
// left to make the receptionist the practice's own, until it is done.
import { getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import type { Checklist } from "@/lib/insights/getting-started";
import type { Today, TodayAppointment } from "@/lib/insights/today";
import { formatDateTime, formatFullDate, formatTime } from "@/lib/platform/format/intl";
import { formatPhone } from "@/lib/platform/phone/format";
import { countryOfTimeZone } from "@/lib/platform/phone/phone";
import { zonedWallTimeToUtc } from "@/lib/platform/time/zoned-time";
import { Link } from "@/lib/platform/i18n/navigation";
import type { Locale } from "@/lib/platform/i18n/routing";
import { Card, SectionHeader } from "./frame";
import { ReceptionistChecklist } from "./getting-started";

const rowLink = "block rounded-lg px-3 py-2 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-indigo-700 min-h-11";

/** `checklist`: null for the front desk, who set nothing up (its items are the practice's settings). */
export async function TodayPage({ today, checklist, locale }: { today: Today; checklist: Checklist | null; locale: Locale }) {
  const t = await getTranslations("TodayPage");
  const zone = today.timeZone;
  // Numbers shown as on every other page: national for the practice's own country, international otherwise.
  const phone = (e164: string | null) => formatPhone(e164, countryOfTimeZone(zone));
  // A day's heading names it ("Monday 7 December"), read at noon so no zone shifts it to another day.
  const dayName = (day: string) => formatFullDate(zonedWallTimeToUtc(day, "12:00", zone) ?? new Date(`${day}T12:00:00Z`), locale, zone);
  const appointments = (title: string, day: string, list: TodayAppointment[], testId: string) => (
    <Card title={title} testId={testId}>
      <p className="-mt-3 mb-3 text-sm text-slate-600">{dayName(day)}</p>
      <List empty={list.length === 0 ? t("noAppointment") : null}>
        {list.map((a) => (
          <li key={a.id}>
            <Link href="/dashboard/appointments" className={rowLink} data-testid="today-appointment">
              <span className="font-semibold text-slate-900">
                {formatTime(a.startsAt, locale, zone)}–{formatTime(a.endsAt, locale, zone)}
              </span>{" "}
              <span className="text-slate-900">{a.patientName}</span>
              {(a.service ?? a.reason) && <span className="block text-sm text-slate-600">{a.service ?? a.reason}</span>}
              {a.practitioner && <span className="block text-sm text-slate-600">{t("with", { name: a.practitioner })}</span>}
            </Link>
          </li>
        ))}
      </List>
    </Card>
  );
  return (
    <>
      <SectionHeader title={t("title")} description={t("lead")} />
      {checklist && <ReceptionistChecklist checklist={checklist} />}
      <div className="grid gap-6 lg:grid-cols-2">
        {appointments(t("appointmentsToday"), today.today, today.appointments.today, "today-appointments")}
        {appointments(t("appointmentsTomorrow"), today.tomorrow, today.appointments.tomorrow, "tomorrow-appointments")}
        <Card title={t("callsTitle")} testId="today-calls">
          <List empty={today.calls.total === 0 ? t("callsEmpty") : null}>
            {today.calls.items.map((c) => (
              <li key={c.id}>
                <Link href={c.callId ? `/dashboard/calls/${c.callId}` : "/dashboard/inbox"} className={rowLink} data-testid="today-call">
                  <span className="font-semibold text-slate-900">{c.callerName ?? (phone(c.callerPhone) || t("unknownCaller"))}</span>
                  {c.urgent && (
                    <span className="ml-2 rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-900">{t("urgent")}</span>
                  )}
                  <span className="block text-sm text-slate-600">{formatDateTime(c.createdAt, locale, zone)}</span>
                  <span className="block text-sm text-slate-800">{c.body}</span>
                </Link>
              </li>
            ))}
          </List>
          {today.calls.total > 0 && <More href="/dashboard/inbox">{t("callsAll", { count: today.calls.total })}</More>}
        </Card>
        <Card title={t("textsTitle")} testId="today-texts">
          <List empty={today.texts.total === 0 ? t("textsEmpty") : null}>
            {today.texts.items.map((th) => (
              <li key={th.id}>
                <Link href={`/dashboard/inbox?thread=${th.id}`} className={rowLink} data-testid="today-text">
                  <span className="font-semibold text-slate-900">{th.callerName ?? phone(th.callerPhone)}</span>
                  {th.unread > 0 && (
                    <span className="ml-2 rounded-full bg-indigo-700 px-2 py-0.5 text-xs font-semibold text-white">
                      {t("unread", { count: th.unread })}
                    </span>
                  )}
                  <span className="block text-sm text-slate-600">{formatDateTime(th.at, locale, zone)}</span>
                  <span className="block text-sm text-slate-800">{th.body || t("noText")}</span>
                </Link>
              </li>
            ))}
          </List>
          {today.texts.total > 0 && <More href="/dashboard/inbox">{t("textsAll", { count: today.texts.total })}</More>}
        </Card>
      </div>
      <p className="mt-6">
        <Link href="/dashboard/appointments" className="font-medium text-indigo-800 underline underline-offset-4">
          {t("allAppointments")}
        </Link>
      </p>
    </>
  );
}

function List({ empty, children }: { empty: string | null; children: ReactNode }) {
  if (empty) return <p className="text-sm text-slate-600">{empty}</p>;
  return <ul className="-mx-3 divide-y divide-slate-100">{children}</ul>;
}

function More({ href, children }: { href: string; children: ReactNode }) {
  return (
    <p className="mt-3">
      <Link href={href} className="text-sm font-medium text-indigo-800 underline underline-offset-4">
        {children}
      </Link>
    </p>
  );
}
