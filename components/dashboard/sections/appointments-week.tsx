"use client";
// One practitioner's week (components/dashboard/sections/appointments.tsx): Monday to Sunday in the business's time
// zone, each day's booked appointments in order, a week back or ahead at a time.
import { useQuery } from "@tanstack/react-query";
import { useLocale, useTranslations } from "next-intl";
import { useState } from "react";
import { api, ok } from "@/lib/platform/client/api";
import { appointmentKeys } from "@/lib/platform/client/queries/appointments";
import { formatShortDate, formatTime } from "@/lib/platform/format/intl";
import { addDays, localDate, zonedWallTimeToUtc } from "@/lib/platform/time/zoned-time";
import { Card, LoadError, Loading } from "../ui";

/** The Monday of the week holding `date` (YYYY-MM-DD). */
function mondayOf(date: string): string {
  const weekday = new Date(`${date}T12:00:00Z`).getUTCDay(); // 0 is Sunday
  return addDays(date, -((weekday + 6) % 7));
}

export function AppointmentsWeek({ practitionerId, name, timeZone }: { practitionerId: string; name: string; timeZone: string }) {
  const t = useTranslations("AppointmentsSection");
  const locale = useLocale();
  const [monday, setMonday] = useState(() => mondayOf(localDate(new Date(), timeZone)));
  const days = Array.from({ length: 7 }, (_, i) => addDays(monday, i));
  // A day's first moment (a zone whose clocks skip midnight on a DST day starts it at 01:00).
  const start = (date: string) => zonedWallTimeToUtc(date, "00:00", timeZone) ?? zonedWallTimeToUtc(date, "01:00", timeZone)!;
  const from = start(monday).toISOString();
  const to = start(addDays(monday, 7)).toISOString();
  const query = useQuery({
    queryKey: appointmentKeys.week(practitionerId, monday),
    queryFn: () => ok(api.GET("/api/appointments", { params: { query: { practitionerId, from, to } } })),
  });
  const booked = query.data ? [...query.data.past, ...query.data.upcoming].filter((a) => a.status === "booked") : [];
  return (
    <Card
      title={t("weekOf", { name })}
      testId="appointments-week"
      actions={
        <>
          <button type="button" className="btn-secondary" onClick={() => setMonday(addDays(monday, -7))}>
            {t("previousWeek")}
          </button>
          <button type="button" className="btn-secondary" onClick={() => setMonday(addDays(monday, 7))}>
            {t("nextWeek")}
          </button>
        </>
      }
    >
      {query.isPending ? (
        <Loading />
      ) : query.isError ? (
        <LoadError message={t("loadFailed")} onRetry={() => query.refetch()} />
      ) : (
        <ol className="grid gap-3 sm:grid-cols-7">
          {days.map((day) => {
            const ofDay = booked
              .filter((a) => localDate(new Date(a.startsAt), timeZone) === day)
              .sort((a, b) => a.startsAt.localeCompare(b.startsAt));
            return (
              <li key={day} className="rounded-lg border border-slate-200 p-2" data-testid="week-day">
                <p className="text-sm font-semibold text-slate-900">{formatShortDate(`${day}T12:00:00Z`, locale, "UTC")}</p>
                {ofDay.length ? (
                  <ul className="mt-1 space-y-1">
                    {ofDay.map((a) => (
                      <li key={a.id} className="text-sm text-slate-800">
                        <time dateTime={a.startsAt}>{formatTime(a.startsAt, locale, timeZone)}</time> {a.patientName}
                      </li>
                    ))}
                  </ul>
                ) : (
                  <p className="mt-1 text-sm text-slate-600">{t("dayFree")}</p>
                )}
              </li>
            );
          })}
        </ol>
      )}
    </Card>
  );
}
