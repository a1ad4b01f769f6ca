"use client";
import { useTranslations } from "next-intl";
import { useEffect } from "react";
import { useFormContext } from "react-hook-form";
import { TimeZoneSelect } from "./time-zone-select";
import { useErrorText } from "./use-error-text";

/** The browser's own zone: what the owner most likely works in. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/**
 * The business's time zone, asked rather than taken silently: the working hours, the appointments and the texts are read
 * in it. `suggest` preselects the browser's zone once mounted (a server render cannot know it) unless the owner chose.
 */
export function TimeZoneField({ idPrefix, suggest = false }: { idPrefix: string; suggest?: boolean }) {
  const form = useFormContext();
  const fields = useTranslations("Fields");
  const t = useTranslations("TimeZoneField");
  const errorText = useErrorText();
  const current = form.watch("timeZone") as string | undefined;
  // Preselected once mounted (a server render cannot know the browser's zone), unless the owner chose.
  useEffect(() => {
    if (suggest && !form.getFieldState("timeZone").isDirty) form.setValue("timeZone", browserTimeZone());
  }, [suggest, form]);
  return (
    <TimeZoneSelect
      id={`${idPrefix}-timeZone`}
      label={fields("timeZone")}
      hint={t("hint")}
      error={errorText("timeZone", form.formState.errors.timeZone)}
      {...form.register("timeZone")}
      // Controlled: the options arrive after mount, and an uncontrolled select would then show its first option while
      // the form holds another zone.
      value={current ?? ""}
    />
  );
}
