// The insights page's body, rendered on the server: the period form, the headline figures and the charts. Every chart
// is drawn with plain SVG or CSS (no chart library, nothing for the browser to download), is hidden from screen readers
// in favour of a one-sentence summary, and comes with its figures as a table and as a CSV file.
import { getTranslations } from "next-intl/server";
import type { Locale } from "@/lib/platform/i18n/routing";
import { localizedPath } from "@/lib/platform/i18n/server-navigation";
import { receptionistRows, WEEKDAYS } from "@/lib/insights/insights.csv";
import { PRESET_PERIODS, type InsightTable } from "@/lib/insights/insights.schemas";
import { BOOKING_SOURCES, OUTCOMES, type Insights } from "@/lib/insights/insights.service";

export type PeriodChoice = "7" | "30" | "90" | "custom";

import { Bars, ChangesFigure, Figure, SimpleTable, type T } from "./insights-figures";

const SERIES = [
  { key: "answered", color: "#4338ca", swatch: "bg-indigo-700" },
  { key: "afterHours", color: "#d97706", swatch: "bg-amber-600" },
  { key: "abandoned", color: "#64748b", swatch: "bg-slate-500" },
] as const;

export async function InsightsView({
  data,
  choice,
  error,
  locale,
}: {
  data: Insights;
  choice: PeriodChoice;
  error: string | null;
  locale: Locale;
}) {
  const t = await getTranslations("Insights");
  const day = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeZone: "UTC" });
  const shortDay = new Intl.DateTimeFormat(locale, { day: "numeric", month: "short", timeZone: "UTC" });
  const asDay = (date: string) => day.format(new Date(`${date}T00:00:00Z`));
  const percent = new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 0 });
  const csv = (table: InsightTable) => `/api/insights?from=${data.from}&to=${data.to}&format=csv&table=${table}`;
  const { totals, bookingSuccess, toolCalls, reminderCalls } = data;
  const rate = (s: { total: number; confirmed: number }) => (s.total > 0 ? percent.format(s.confirmed / s.total) : null);
  const noShows = (s: { marked: number; noShows: number }) => (s.marked > 0 ? percent.format(s.noShows / s.marked) : null);

  return (
    <div className="space-y-8">
      <p className="mt-2 text-sm text-slate-700">{t("intro", { timeZone: data.timeZone })}</p>
      <PeriodForm t={t} choice={choice} error={error} from={data.from} to={data.to} action={localizedPath(locale, "/dashboard/insights")} />
      <p className="text-sm font-medium text-slate-800" data-testid="insights-period">
        {t("period.showing", { from: asDay(data.from), to: asDay(data.to) })}
      </p>

      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        <Stat label={t("stats.calls")} value={String(totals.calls)} testId="stat-calls" />
        <Stat label={t("stats.afterHours")} value={String(totals.afterHours)} testId="stat-after-hours" />
        <Stat
          label={t("stats.conversion")}
          value={totals.conversionRate === null ? t("stats.none") : percent.format(totals.conversionRate)}
          detail={t("stats.conversionDetail", { booked: totals.booked, answered: totals.answered + totals.afterHours })}
          testId="stat-conversion"
        />
        <Stat
          label={t("stats.averageLength")}
          value={
            totals.averageSeconds === null
              ? t("stats.none")
              : t("duration", { minutes: Math.floor(totals.averageSeconds / 60), seconds: totals.averageSeconds % 60 })
          }
          testId="stat-average"
        />
        <Stat
          label={t("stats.minutes")}
          value={String(data.usage.minutes)}
          // An instant, not a calendar day: read in the business's zone (a month starting at midnight in Paris is the 1st).
          detail={t("stats.minutesDetail", {
            calls: data.usage.calls,
            start: new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeZone: data.timeZone }).format(
              new Date(data.usage.periodStart),
            ),
          })}
          testId="stat-minutes"
        />
      </dl>

      {totals.calls === 0 && (
        <p className="rounded-lg border border-slate-200 bg-white p-4 text-sm text-slate-700" data-testid="insights-empty">
          {t("empty")}
        </p>
      )}

      <Figure
        id="days"
        title={t("charts.days.title")}
        summary={t("charts.days.summary", {
          calls: totals.calls,
          answered: totals.answered,
          afterHours: totals.afterHours,
          abandoned: totals.abandoned,
        })}
        t={t}
        csvHref={csv("days")}
        table={
          <SimpleTable
            head={[t("csv.date"), ...SERIES.map((s) => t(`series.${s.key}`)), t("csv.total")]}
            rows={data.days.map((d) => [asDay(d.date), d.answered, d.afterHours, d.abandoned, d.answered + d.afterHours + d.abandoned])}
          />
        }
      >
        <Legend items={SERIES.map((s) => ({ label: t(`series.${s.key}`), swatch: s.swatch }))} />
        <DailyBars days={data.days} />
        <div className="mt-1 flex justify-between text-xs text-slate-600" aria-hidden="true">
          <span>{shortDay.format(new Date(`${data.from}T00:00:00Z`))}</span>
          <span>{shortDay.format(new Date(`${data.to}T00:00:00Z`))}</span>
        </div>
      </Figure>

      <div className="grid gap-8 md:grid-cols-2">
        <Figure
          id="outcomes"
          title={t("charts.outcomes.title")}
          t={t}
          csvHref={csv("outcomes")}
          table={
            <SimpleTable head={[t("csv.outcome"), t("csv.calls")]} rows={OUTCOMES.map((o) => [t(`outcomes.${o}`), data.outcomes[o]])} />
          }
        >
          <Bars items={OUTCOMES.map((o) => ({ label: t(`outcomes.${o}`), value: data.outcomes[o] }))} />
        </Figure>

        <ChangesFigure
          id="bookings"
          t={t}
          csvHref={csv("bookings")}
          first={t("csv.source")}
          rows={BOOKING_SOURCES.map((s) => ({ label: t(`sources.${s}`), counts: data.bookings[s] }))}
        />
      </div>

      {/* A practice of one has nobody to compare. */}
      {data.practitioners.length > 1 && (
        <ChangesFigure
          id="practitioners"
          t={t}
          csvHref={csv("practitioners")}
          first={t("csv.practitioner")}
          rows={data.practitioners.map((p) => ({ label: p.name, counts: p }))}
        />
      )}

      <Figure
        id="receptionist"
        title={t("charts.receptionist.title")}
        t={t}
        csvHref={csv("receptionist")}
        table={
          <SimpleTable
            head={[t("csv.figure"), t("csv.value")]}
            rows={receptionistRows(data, (key) => t(key)).map(([label, value]) => [label, value ?? t("stats.none")])}
          />
        }
      >
        <dl className="grid gap-3 sm:grid-cols-2">
          <Stat
            label={t("stats.bookingSuccess")}
            value={bookingSuccess.wanted === 0 ? t("stats.none") : percent.format(bookingSuccess.booked / bookingSuccess.wanted)}
            detail={t("stats.bookingSuccessDetail", bookingSuccess)}
            testId="stat-booking-success"
          />
          <Stat
            label={t("stats.answerTime")}
            value={toolCalls.p50Ms === null ? t("stats.none") : t("milliseconds", { ms: toolCalls.p50Ms })}
            detail={toolCalls.p95Ms === null ? undefined : t("stats.answerTimeDetail", { p95: toolCalls.p95Ms, count: toolCalls.count })}
            testId="stat-answer-time"
          />
          {reminderCalls.placed > 0 && (
            <>
              <Stat
                label={t("stats.reminderCalls")}
                value={String(reminderCalls.placed)}
                detail={t("stats.reminderCallsDetail", {
                  confirmed: reminderCalls.confirmed,
                  cancelled: reminderCalls.cancelled,
                  rescheduled: reminderCalls.rescheduled,
                  undecided: reminderCalls.undecided,
                })}
                testId="stat-reminder-calls"
              />
              <Stat
                label={t("stats.confirmedWithCall")}
                value={rate(reminderCalls.appointments.withCall) ?? t("stats.none")}
                detail={t("stats.confirmedWithoutCall", { rate: rate(reminderCalls.appointments.withoutCall) ?? t("stats.none") })}
                testId="stat-confirmed-with-call"
              />
              {/* The no-shows the practice marked: with a reminder call, and without one. */}
              <Stat
                label={t("stats.noShowsWithCall")}
                value={noShows(reminderCalls.appointments.withCall) ?? t("stats.none")}
                detail={t("stats.noShowsWithoutCall", { rate: noShows(reminderCalls.appointments.withoutCall) ?? t("stats.none") })}
                testId="stat-no-shows"
              />
            </>
          )}
        </dl>
      </Figure>

      <Figure
        id="hours"
        title={t("charts.hours.title")}
        summary={busiest(data, t)}
        t={t}
        csvHref={csv("hours")}
        table={
          <SimpleTable
            head={[t("csv.weekday"), ...Array.from({ length: 24 }, (_, h) => hourLabel(h))]}
            rows={WEEKDAYS.map((d, i) => [t(`weekdays.${d}`), ...data.hours[i]!])}
          />
        }
      >
        <HeatMap hours={data.hours} weekdays={WEEKDAYS.map((d) => t(`weekdays.${d}`).slice(0, 3))} />
      </Figure>

      <Figure
        id="reasons"
        title={t("charts.reasons.title")}
        t={t}
        csvHref={csv("reasons")}
        table={
          <SimpleTable
            head={[t("csv.kind"), t("csv.reason"), t("csv.count")]}
            rows={[
              ...data.topReasons.map((r) => [t("csv.appointmentReason"), r.reason, r.count]),
              ...data.requests.map((r) => [t("csv.request"), t(`requests.${r.category}`), r.count]),
            ]}
          />
        }
      >
        {data.topReasons.length === 0 ? (
          <p className="text-sm text-slate-700">{t("charts.reasons.none")}</p>
        ) : (
          <Bars items={data.topReasons.map((r) => ({ label: r.reason, value: r.count }))} />
        )}
        <h3 className="mt-4 text-sm font-semibold text-slate-900">{t("charts.reasons.requests")}</h3>
        <Bars items={data.requests.map((r) => ({ label: t(`requests.${r.category}`), value: r.count }))} />
      </Figure>

      <section aria-labelledby="insights-notes" className="text-sm text-slate-700">
        <h2 id="insights-notes" className="text-base font-semibold text-slate-900">
          {t("notes.title")}
        </h2>
        <ul className="mt-2 list-disc space-y-1 pl-5">
          <li>{t("notes.abandoned")}</li>
          <li>{t("notes.afterHours")}</li>
          <li>{t("notes.conversion")}</li>
          <li>{t("notes.bookingSuccess")}</li>
          <li>{t("notes.answerTime")}</li>
          <li>{t("notes.minutes")}</li>
          <li>{t("notes.tryCalls")}</li>
        </ul>
      </section>
    </div>
  );
}

/**
 * The period: the usual ones as links, and chosen dates in a form of their own (a GET: no script needed). Two controls,
 * so that changing the dates can never be overridden by a preset left selected.
 */
function PeriodForm({
  t,
  choice,
  error,
  from,
  to,
  action,
}: {
  t: T;
  choice: PeriodChoice;
  error: string | null;
  from: string;
  to: string;
  action: string;
}) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4">
      <nav aria-label={t("period.legend")}>
        <ul className="flex flex-wrap gap-2">
          {PRESET_PERIODS.map((d) => (
            <li key={d}>
              <a
                href={`${action}?days=${d}`}
                aria-current={choice === String(d) ? "page" : undefined}
                className="inline-flex min-h-11 items-center rounded-lg border border-slate-300 px-3 text-sm font-medium text-slate-800 hover:bg-slate-100 aria-[current=page]:border-indigo-700 aria-[current=page]:bg-indigo-50 aria-[current=page]:text-indigo-900"
              >
                {t(`period.days${d}`)}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <form method="get" action={action} className="mt-3">
        <fieldset>
          <legend className="text-sm font-semibold text-slate-900">{t("period.custom")}</legend>
          <input type="hidden" name="days" value="custom" />
          <div className="mt-2 flex flex-wrap items-end gap-3">
            <label className="text-sm text-slate-800">
              <span className="block">{t("period.from")}</span>
              <input type="date" name="from" defaultValue={from} className="input mt-1" />
            </label>
            <label className="text-sm text-slate-800">
              <span className="block">{t("period.to")}</span>
              <input type="date" name="to" defaultValue={to} className="input mt-1" />
            </label>
            <button type="submit" className="btn-primary">
              {t("period.apply")}
            </button>
          </div>
        </fieldset>
        {error && (
          <p role="alert" className="mt-2 text-sm text-red-700" data-testid="insights-error">
            {error}
          </p>
        )}
      </form>
    </div>
  );
}

function Stat({ label, value, detail, testId }: { label: string; value: string; detail?: string; testId: string }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4">
      <dt className="text-xs font-medium text-slate-600">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold text-slate-900" data-testid={testId}>
        {value}
      </dd>
      {detail && <dd className="mt-1 text-xs text-slate-600">{detail}</dd>}
    </div>
  );
}

function Legend({ items }: { items: { label: string; swatch: string }[] }) {
  return (
    <ul className="mb-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-700">
      {items.map((i) => (
        <li key={i.label} className="flex items-center gap-1.5">
          <span className={`inline-block size-3 rounded-sm ${i.swatch}`} aria-hidden="true" />
          {i.label}
        </li>
      ))}
    </ul>
  );
}

/** Stacked bars, one per day: answered, after hours, abandoned from the bottom. Scales to any width. */
function DailyBars({ days }: { days: Insights["days"] }) {
  const max = Math.max(1, ...days.map((d) => d.answered + d.afterHours + d.abandoned));
  const width = 600;
  const height = 160;
  const slot = width / days.length;
  const bar = Math.max(1, slot * 0.75);
  return (
    <svg viewBox={`0 0 ${width} ${height}`} preserveAspectRatio="none" className="h-40 w-full" aria-hidden="true" focusable="false">
      <line x1="0" y1={height - 0.5} x2={width} y2={height - 0.5} stroke="#cbd5e1" />
      {days.map((d, i) => {
        let y = height;
        return SERIES.map((s) => {
          const h = (d[s.key] / max) * (height - 4);
          y -= h;
          return h > 0 ? (
            <rect key={`${d.date}-${s.key}`} x={i * slot + (slot - bar) / 2} y={y} width={bar} height={h} fill={s.color} />
          ) : null;
        });
      })}
    </svg>
  );
}

const HEAT = ["bg-slate-100", "bg-indigo-100", "bg-indigo-300", "bg-indigo-500", "bg-indigo-700"];

/** Weekdays × hours, darker for more calls; the figures are in the table and the summary. */
function HeatMap({ hours, weekdays }: { hours: number[][]; weekdays: string[] }) {
  const max = Math.max(0, ...hours.flat());
  const level = (n: number) => (n === 0 || max === 0 ? 0 : Math.min(4, Math.ceil((n / max) * 4)));
  return (
    <div
      aria-hidden="true"
      className="grid gap-px text-[10px] text-slate-600"
      style={{ gridTemplateColumns: "2.25rem repeat(24, minmax(0, 1fr))" }}
    >
      <span />
      {Array.from({ length: 24 }, (_, h) => (
        <span key={h} className="text-center">
          {h % 6 === 0 ? h : ""}
        </span>
      ))}
      {hours.map((row, d) => [
        <span key={`l${d}`} className="truncate pr-1">
          {weekdays[d]}
        </span>,
        ...row.map((n, h) => <span key={`${d}-${h}`} className={`h-4 rounded-sm ${HEAT[level(n)]}`} data-calls={n} />),
      ])}
    </div>
  );
}

const hourLabel = (h: number) => `${String(h).padStart(2, "0")}:00`;

function busiest(data: Insights, t: T): string {
  let best = { d: 0, h: 0, n: 0 };
  data.hours.forEach((row, d) => row.forEach((n, h) => (n > best.n ? (best = { d, h, n }) : null)));
  if (best.n === 0) return t("charts.hours.none");
  return t("charts.hours.summary", { weekday: t(`weekdays.${WEEKDAYS[best.d]!}`), hour: hourLabel(best.h), count: best.n });
}
