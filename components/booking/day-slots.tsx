"use client";
// A day of free times, as a caller picks one on their own (the self-service link, the booking page): the day with
// previous and next, whether the practice is open that day and why not, and the free starts as radio buttons. Dates
// and times are the business's clock.
import { useLocale, useTranslations } from "next-intl";
import { useId } from "react";
import { formatClock, formatFullDate, formatTime } from "@/lib/platform/format/intl";

/** Whether the practice is open that day, as the slots routes answer it. */
export type DayKind = { kind: "open" | "special" | "closure" | "weekly"; reason: string | null; open: string | null; close: string | null };

/** "2026-12-01" in `timeZone`, `days` after `at`. */
export function dateIn(at: Date | string, timeZone: string, days = 0): string {
  const d = new Date(new Date(at).getTime() + days * 86_400_000);
  return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(d);
}

export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The day shown, with previous and next; never before `today`. */
export function DayNav({ date, today, onChange }: { date: string; today: string; onChange: (date: string) => void }) {
  const t = useTranslations("DaySlots");
  const locale = useLocale();
  const dateId = useId();
  const go = (d: string) => onChange(d < today ? today : d);
  return (
    <>
      <div className="mt-4 flex flex-wrap items-end gap-2">
        <button
          type="button"
          className="btn-secondary"
          disabled={date <= today}
          onClick={() => go(addDays(date, -1))}
          aria-label={t("prevDay")}
        >
          ‹
        </button>
        <div>
          <label htmlFor={dateId} className="block text-sm font-medium text-slate-800">
            {t("day")}
          </label>
          <input
            id={dateId}
            type="date"
            min={today}
            value={date}
            onChange={(e) => e.target.value && go(e.target.value)}
            className="mt-1 min-h-11 rounded-md border border-slate-400 px-3"
          />
        </div>
        <button type="button" className="btn-secondary" onClick={() => go(addDays(date, 1))} aria-label={t("nextDay")}>
          ›
        </button>
      </div>
      <p className="mt-3 font-medium text-slate-800">{formatFullDate(`${date}T12:00:00Z`, locale, "UTC")}</p>
    </>
  );
}

type SlotsState =
  { status: "pending" } | { status: "error"; message: string } | { status: "success"; day: DayKind; slots: { start: string }[] };

/**
 * The day's free starts, or why there are none: a closed day says so, with the owner's reason when given, rather than
 * showing an empty day. `testIds` prefixes the test ids (each page keeps its own).
 */
export function DaySlots({
  state,
  picked,
  onPick,
  timeZone,
  testIds,
}: {
  state: SlotsState;
  picked: string | null;
  onPick: (start: string) => void;
  timeZone: string;
  testIds: string;
}) {
  const t = useTranslations("DaySlots");
  const locale = useLocale();
  if (state.status === "pending") return <p className="mt-3 text-slate-600">{t("loadingSlots")}</p>;
  if (state.status === "error")
    return (
      <p role="alert" className="mt-3 text-red-900">
        {state.message}
      </p>
    );
  const { day, slots } = state;
  return (
    <>
      {day.kind === "special" && (
        <p className="mt-2 text-slate-800" data-testid={`${testIds}-special-hours`}>
          {t(day.reason ? "specialHoursBecause" : "specialHours", {
            open: formatClock(day.open ?? "", locale),
            close: formatClock(day.close ?? "", locale),
            reason: day.reason ?? "",
          })}
        </p>
      )}
      {day.kind === "closure" || day.kind === "weekly" ? (
        <p className="mt-3 rounded-md bg-amber-50 p-3 text-amber-950" data-testid={`${testIds}-closed`}>
          {day.kind === "weekly" ? t("closedWeekly") : day.reason ? t("closedBecause", { reason: day.reason }) : t("closedDay")}
        </p>
      ) : slots.length === 0 ? (
        <p className="mt-3 text-slate-700" data-testid={`${testIds}-no-slots`}>
          {t("noSlots")}
        </p>
      ) : (
        <fieldset className="mt-3">
          <legend className="sr-only">{t("freeTimes")}</legend>
          <div className="flex flex-wrap gap-2">
            {slots.map((s) => (
              <label
                key={s.start}
                className="inline-flex min-h-11 cursor-pointer items-center rounded-md border border-slate-300 px-3 font-medium text-slate-800 has-[:checked]:border-indigo-700 has-[:checked]:bg-indigo-700 has-[:checked]:text-white has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-indigo-700"
              >
                <input
                  type="radio"
                  name="slot"
                  value={s.start}
                  className="sr-only"
                  checked={picked === s.start}
                  onChange={() => onPick(s.start)}
                />
                {formatTime(s.start, locale, timeZone)}
              </label>
            ))}
          </div>
        </fieldset>
      )}
    </>
  );
}

/** A react-query result as DaySlots reads it. */
export function slotsState<T extends { day: DayKind; slots: { start: string }[] }>(
  q: { isPending: boolean; isError: boolean; data?: T; error: unknown },
  failed: (e: unknown) => string,
): SlotsState {
  if (q.isPending) return { status: "pending" };
  if (q.isError || !q.data) return { status: "error", message: failed(q.error) };
  return { status: "success", day: q.data.day, slots: q.data.slots };
}
