"use client";
import { useTranslations } from "next-intl";
import { useFormContext } from "react-hook-form";
import type { TimeRange } from "@/db/schema";
import { MAX_DAY_RANGES } from "@/lib/accounts/account/options";

type FormDay = { isOpen?: boolean; openTime: string; closeTime: string; ranges?: TimeRange[] };

const toMinutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const toClock = (m: number) => `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;

/**
 * The ranges a day gets when the owner adds a break: a long last range is cut around its middle with two hours off
 * (09:00–17:00 → 09:00–12:00 and 14:00–17:00), a short one gets an evening range an hour after it closes; null when the
 * day has no room left before midnight.
 */
export function withBreak(ranges: TimeRange[]): TimeRange[] | null {
  const last = ranges.at(-1)!;
  const [open, close] = [toMinutes(last.openTime), toMinutes(last.closeTime)];
  if (close - open >= 4 * 60) {
    const middle = Math.round((open + close) / 2 / 30) * 30;
    return [
      ...ranges.slice(0, -1),
      { openTime: last.openTime, closeTime: toClock(middle - 60) },
      { openTime: toClock(middle + 60), closeTime: last.closeTime },
    ];
  }
  const start = close + 60;
  if (start + 60 > 23 * 60 + 59) return null;
  return [...ranges, { openTime: toClock(start), closeTime: toClock(Math.min(start + 180, 23 * 60 + 59)) }];
}

/**
 * A day's opening and closing times: one pair, or, after "Add a break", one pair per range (at most three), each but
 * the only one removable. The form keeps `ranges` only while a day has more than one, so a day without a break is sent
 * as before ({openTime, closeTime}).
 */
export function DayRangesFields({ day, id, dayName, invalid }: { day: string; id: string; dayName: string; invalid: object }) {
  const form = useFormContext();
  const t = useTranslations("WorkingHoursFields");
  const value = (form.watch(`workingHours.${day}`) as FormDay | null | undefined) ?? { openTime: "09:00", closeTime: "17:00" };
  const ranges: TimeRange[] =
    value.ranges && value.ranges.length > 1 ? value.ranges : [{ openTime: value.openTime, closeTime: value.closeTime }];
  const split = ranges.length > 1;
  const next = ranges.length < MAX_DAY_RANGES ? withBreak(ranges) : null;

  const setRanges = (list: TimeRange[]) => {
    const first = list[0]!;
    const last = list.at(-1)!;
    // One range left: the day is back to its plain opening and closing, with no `ranges` sent.
    form.setValue(
      `workingHours.${day}`,
      { ...value, openTime: first.openTime, closeTime: last.closeTime, ranges: list.length > 1 ? list : undefined },
      { shouldDirty: true, shouldValidate: form.formState.isSubmitted },
    );
  };

  const input = (i: number, end: "openTime" | "closeTime") => {
    const name = split ? `workingHours.${day}.ranges.${i}.${end}` : `workingHours.${day}.${end}`;
    const inputId = `${id}-${end === "openTime" ? "open" : "close"}${i ? `-${i + 1}` : ""}`;
    const label = split
      ? t(end === "openTime" ? "periodOpens" : "periodCloses", { day: dayName, n: i + 1 })
      : `${dayName} ${t(end === "openTime" ? "opens" : "closes")}`;
    return (
      <>
        <label className="sr-only" htmlFor={inputId}>
          {label}
        </label>
        <input
          id={inputId}
          type="time"
          className="min-h-11 rounded-md border border-slate-400 px-2"
          {...invalid}
          {...form.register(name)}
        />
      </>
    );
  };

  return (
    <div className="flex flex-col gap-2 text-sm">
      {ranges.map((_, i) => (
        <div key={i} className="flex flex-wrap items-center gap-2" data-testid={`${id}-range-${i + 1}`}>
          {input(i, "openTime")}
          <span aria-hidden="true">–</span>
          {input(i, "closeTime")}
          {split && (
            <button
              type="button"
              className="min-h-11 rounded-md px-2 text-slate-700 underline hover:text-slate-900"
              aria-label={t("removePeriod", { day: dayName, n: i + 1 })}
              onClick={() => setRanges(ranges.filter((__, j) => j !== i))}
            >
              {t("remove")}
            </button>
          )}
        </div>
      ))}
      {next && (
        <button
          type="button"
          className="min-h-11 self-start rounded-md px-1 text-indigo-800 underline hover:text-indigo-950"
          aria-label={t("addBreakFor", { day: dayName })}
          onClick={() => setRanges(next)}
        >
          {t("addBreak")}
        </button>
      )}
    </div>
  );
}
