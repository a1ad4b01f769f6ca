// The insights as CSV, one file per chart (what its data table shows): headers and names in the owner's language,
// dates as ISO 8601 so a spreadsheet sorts them, and reasons (callers' own words) neutralised as spreadsheet formulas.
import { toCsv } from "@/lib/platform/format/csv";
import type { InsightTable } from "./insights.schemas";
import { BOOKING_SOURCES, CHANGE_KINDS, OUTCOMES, type Insights } from "./insights.service";

/** Monday first, as `hours` rows are. */
export const WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"] as const;

/** `t("days.date")`, `t("outcomes.booked")`…: keys of the "Insights" messages. */
export type Translate = (key: string) => string;

/**
 * Booking success and answer times as rows of a figure and its value: the CSV and the page's table. The share is a
 * whole percentage; a figure there is none of (no call wanted an appointment, no tool call) is null, an empty cell.
 */
export function receptionistRows(data: Insights, t: Translate): [string, number | null][] {
  const { wanted, booked } = data.bookingSuccess;
  return [
    [t("csv.wanted"), wanted],
    [t("csv.booked"), booked],
    [t("csv.bookingSuccess"), wanted > 0 ? Math.round((booked / wanted) * 100) : null],
    [t("csv.toolCalls"), data.toolCalls.count],
    [t("csv.p50"), data.toolCalls.p50Ms],
    [t("csv.p95"), data.toolCalls.p95Ms],
    // A practice that places no reminder calls is not shown their figures.
    ...(data.reminderCalls.placed > 0 ? reminderRows(data, t) : []),
  ];
}

function reminderRows(data: Insights, t: Translate): [string, number | null][] {
  const r = data.reminderCalls;
  return [
    [t("csv.remindersPlaced"), r.placed],
    [t("csv.remindersConfirmed"), r.confirmed],
    [t("csv.remindersCancelled"), r.cancelled],
    [t("csv.confirmedWithCall"), percentOf(r.appointments.withCall)],
    [t("csv.confirmedWithoutCall"), percentOf(r.appointments.withoutCall)],
    [t("csv.noShowsWithCall"), noShowPercent(r.appointments.withCall)],
    [t("csv.noShowsWithoutCall"), noShowPercent(r.appointments.withoutCall)],
  ];
}

/** The no-shows among the appointments marked, as a whole percentage; null without any marked. */
function noShowPercent(s: { marked: number; noShows: number }): number | null {
  return s.marked > 0 ? Math.round((s.noShows / s.marked) * 100) : null;
}

/** A share as a whole percentage; null without any. */
function percentOf(s: { total: number; confirmed: number }): number | null {
  return s.total > 0 ? Math.round((s.confirmed / s.total) * 100) : null;
}

export function insightsCsv(data: Insights, table: InsightTable, t: Translate): string {
  switch (table) {
    case "days":
      return toCsv([
        [t("csv.date"), t("series.answered"), t("series.afterHours"), t("series.abandoned"), t("csv.total")],
        ...data.days.map((d) => [d.date, d.answered, d.afterHours, d.abandoned, d.answered + d.afterHours + d.abandoned]),
      ]);
    case "outcomes":
      return toCsv([[t("csv.outcome"), t("csv.calls")], ...OUTCOMES.map((o) => [t(`outcomes.${o}`), data.outcomes[o]])]);
    case "bookings":
      return toCsv([
        [t("csv.source"), ...CHANGE_KINDS.map((k) => t(`changes.${k}`))],
        ...BOOKING_SOURCES.map((s) => [t(`sources.${s}`), ...CHANGE_KINDS.map((k) => data.bookings[s][k])]),
      ]);
    case "practitioners":
      return toCsv([
        [t("csv.practitioner"), ...CHANGE_KINDS.map((k) => t(`changes.${k}`))],
        ...data.practitioners.map((p) => [p.name, ...CHANGE_KINDS.map((k) => p[k])]),
      ]);
    case "hours":
      return toCsv([
        [t("csv.weekday"), ...Array.from({ length: 24 }, (_, h) => `${String(h).padStart(2, "0")}:00`)],
        ...WEEKDAYS.map((d, i) => [t(`weekdays.${d}`), ...data.hours[i]!]),
      ]);
    case "reasons":
      return toCsv([
        [t("csv.kind"), t("csv.reason"), t("csv.count")],
        ...data.topReasons.map((r) => [t("csv.appointmentReason"), r.reason, r.count]),
        ...data.requests.map((r) => [t("csv.request"), t(`requests.${r.category}`), r.count]),
      ]);
    case "receptionist":
      return toCsv([[t("csv.figure"), t("csv.value")], ...receptionistRows(data, t)]);
  }
}
