"use client";
import { useTranslations } from "next-intl";
import { useFormContext, type FieldError } from "react-hook-form";
import { WEEKDAYS } from "@/lib/accounts/account/options";
import { useErrorText } from "./use-error-text";

/** One row per weekday: open or closed, and the opening and closing times. */
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
          const message = error && errorText(day, error.message ? error : (error.closeTime ?? error.openTime));
          const id = `${idPrefix}-${day}`;
          const invalid = message ? { "aria-invalid": true, "aria-describedby": `${id}-error` } : {};
          return (
            <div key={day} className="flex flex-wrap items-center gap-x-4 gap-y-2 px-3 py-2" role="group" aria-labelledby={`${id}-name`}>
              <span id={`${id}-name`} className="w-24 font-medium text-slate-800">
                {days(day)}
              </span>
              <label className="inline-flex min-h-11 items-center gap-2 text-sm text-slate-800">
                <input type="checkbox" className="size-5 accent-indigo-700" {...form.register(`workingHours.${day}.isOpen`)} />
                {t("open")}
              </label>
              {open ? (
                <div className="flex items-center gap-2 text-sm">
                  <label className="sr-only" htmlFor={`${id}-open`}>{`${days(day)} ${t("opens")}`}</label>
                  <input
                    id={`${id}-open`}
                    type="time"
                    className="min-h-11 rounded-md border border-slate-400 px-2"
                    {...invalid}
                    {...form.register(`workingHours.${day}.openTime`)}
                  />
                  <span aria-hidden="true">–</span>
                  <label className="sr-only" htmlFor={`${id}-close`}>{`${days(day)} ${t("closes")}`}</label>
                  <input
                    id={`${id}-close`}
                    type="time"
                    className="min-h-11 rounded-md border border-slate-400 px-2"
                    {...invalid}
                    {...form.register(`workingHours.${day}.closeTime`)}
                  />
                </div>
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
