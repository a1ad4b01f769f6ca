"use client";
import { useTranslations } from "next-intl";
import { useFormContext, type FieldError } from "react-hook-form";
import { WEEKDAYS } from "@/lib/accounts/account/options";
import { DayRangesFields } from "./day-ranges-fields";
import { useErrorText } from "./use-error-text";

/** One row per weekday: open or closed, and the opening and closing times of each of its ranges (a break between). */
export function WorkingHoursFields({ idPrefix }: { idPrefix: string }) {
  const form = useFormContext();
  const t = useTranslations("WorkingHoursFields");
  const days = useTranslations("Fields");
  const errorText = useErrorText();
  const hours = form.watch("workingHours") as Record<string, { isOpen?: boolean } | null> | undefined;
  const errors = form.formState.errors.workingHours as Record<string, FieldError & Record<string, FieldError>> | undefined;

  return (
    <fieldset>
      <legend className="field-label">{t("legend")}</legend>
      <div className="mt-2 divide-y divide-slate-200 rounded-lg border border-slate-300">
        {WEEKDAYS.map((day) => {
          const open = hours?.[day]?.isOpen ?? false;
          const error = errors?.[day];
          const message = error && errorText(day, error.message ? error : (error.closeTime ?? error.openTime ?? rangesError(error.ranges)));
          const id = `${idPrefix}-${day}`;
          const invalid = message ? { "aria-invalid": true, "aria-describedby": `${id}-error` } : {};
          return (
            <div key={day} className="flex flex-wrap items-start gap-x-4 gap-y-2 px-3 py-2" role="group" aria-labelledby={`${id}-name`}>
              <span id={`${id}-name`} className="flex min-h-11 w-24 items-center font-medium text-slate-800">
                {days(day)}
              </span>
              <label className="inline-flex min-h-11 items-center gap-2 text-sm text-slate-800">
                <input type="checkbox" className="size-5 accent-indigo-700" {...form.register(`workingHours.${day}.isOpen`)} />
                {t("open")}
              </label>
              {open ? (
                <DayRangesFields day={day} id={id} dayName={days(day)} invalid={invalid} />
              ) : (
                <span className="text-sm text-slate-600">{t("closed")}</span>
              )}
              {message && (
                <p id={`${id}-error`} className="field-error w-full" role="alert">
                  {message}
                </p>
              )}
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}

/** The first error of a day's ranges: the list's own (too many), else the first range's field that is wrong. */
function rangesError(error: unknown): FieldError | undefined {
  if (!error || typeof error !== "object") return undefined;
  const e = error as FieldError & Record<string, Record<string, FieldError> | undefined>;
  if (e.message) return e;
  const first = Object.values(e).find((r) => r && typeof r === "object" && ("openTime" in r || "closeTime" in r)) as
    Record<string, FieldError> | undefined;
  return first?.openTime ?? first?.closeTime;
}
