"use client";
// Calendar: each practitioner's connection (calendar-connection.tsx), the sandbox calendars' events, integration notes.
// The profile's hasGoogleOAuth follows: some practitioner's calendar is connected.
import { useQuery } from "@tanstack/react-query";
import { useLocale, useTranslations } from "next-intl";
import { ApiError, api, ok, type Answer } from "@/lib/platform/client/api";
import { calendarKeys } from "@/lib/platform/client/queries/calendar";
import { practitionersQuery } from "@/lib/platform/client/queries/practitioners";
import { formatDateTime, formatTime } from "@/lib/platform/format/intl";
import { Card, LoadError, Loading, SectionHeader, StaleNotice } from "../ui";
import { useProfile } from "../session";
import { PractitionerCalendar, type CalendarModes, type OAuthProvider } from "./calendar-connection";

export function Calendar({ consentUrls, modes }: { consentUrls: Record<OAuthProvider, string>; modes: CalendarModes }) {
  const t = useTranslations("CalendarSection");
  const { profile, failed } = useProfile();
  const list = useQuery(practitionersQuery());
  if (!profile) return null;
  const sandbox = Object.values(modes).includes("sandbox");
  const practitioners = list.data?.practitioners ?? [];
  return (
    <>
      <SectionHeader title={t("title")} description={t("description")} />
      {failed && <StaleNotice message={t("loadFailed")} />}
      <div className="space-y-6">
        {sandbox && <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-950">{t("sandboxNote")}</p>}
        {list.isPending ? (
          <Loading />
        ) : list.isError ? (
          <LoadError message={t("loadFailed")} onRetry={() => list.refetch()} />
        ) : (
          practitioners.map((p) => (
            <PractitionerCalendar key={p.id} practitioner={p} several={practitioners.length > 1} consentUrls={consentUrls} modes={modes} />
          ))
        )}
        {sandbox && practitioners.some((p) => p.calendar?.sandbox && !p.calendar.revokedAt) && <SandboxEvents several={practitioners} />}
        <Card title={t("notesTitle")}>
          <ul className="list-disc space-y-2 pl-5 text-slate-700">
            {(["availability", "booking", "privacy", "revoke"] as const).map((k) => (
              <li key={k}>{t(`notes.${k}`)}</li>
            ))}
          </ul>
        </Card>
      </div>
    </>
  );
}

/**
 * The sandbox calendars' upcoming events: what the connected calendars would show, so the owner can see the assistant's
 * bookings land, each with whose calendar it is in (a practice of several). The API answers 404 when no calendar
 * service is sandboxed here: then there is no list.
 */
function SandboxEvents({ several }: { several: Answer<"/api/practitioners">["practitioners"] }) {
  const t = useTranslations("CalendarSection");
  const locale = useLocale();
  const query = useQuery({ queryKey: calendarKeys.events(), queryFn: () => ok(api.GET("/api/calendar/events")) });
  if (query.isError && query.error instanceof ApiError && query.error.status === 404) return null;
  return (
    <Card title={t("sandboxEventsTitle")} testId="sandbox-calendar">
      <p className="mb-3 text-sm text-slate-600">{t("sandboxEventsText")}</p>
      {query.isPending ? (
        <Loading />
      ) : query.isError ? (
        <LoadError message={t("sandboxEventsFailed")} onRetry={() => query.refetch()} />
      ) : query.data.events.length === 0 ? (
        <p className="text-slate-600">{t("sandboxEventsEmpty")}</p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {query.data.events.map((e) => (
            <li key={e.eventId} className="py-3" data-testid="sandbox-event">
              <p className="font-semibold text-slate-900">{e.summary}</p>
              {several.length > 1 && (
                <p className="text-sm text-slate-600">{several.find((p) => p.id === e.practitionerId)?.displayName}</p>
              )}
              <p className="text-sm text-slate-700">
                <time dateTime={e.start}>{formatDateTime(e.start, locale, query.data.timeZone)}</time>
                {" – "}
                <time dateTime={e.end}>{formatTime(e.end, locale, query.data.timeZone)}</time>
              </p>
              {e.attendeeEmail && <p className="break-all text-sm text-slate-600">{t("attendee", { email: e.attendeeEmail })}</p>}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/** The connection-success page: the good news, then the next step (the phone number, or the appointments). */
export function CalendarConnected({ next }: { next: "phoneNumber" | "appointments" }) {
  const t = useTranslations("CalendarSection");
  return (
    <Card>
      <h1 className="text-2xl font-bold text-emerald-900" data-testid="calendar-connected">
        {t("connected")}
      </h1>
      <p className="mt-2 text-slate-700" data-testid="calendar-next">
        {t(next === "phoneNumber" ? "connectedNextNumber" : "connectedNext")}
      </p>
    </Card>
  );
}
