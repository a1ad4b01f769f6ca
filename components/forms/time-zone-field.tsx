"use client";
import { useLocale, useTranslations } from "next-intl";
import { useEffect, useMemo, useState } from "react";
import { useFormContext } from "react-hook-form";
import { intlLocale } from "@/lib/platform/format/intl";
import { SelectField } from "./fields";
import { useErrorText } from "./use-error-text";

/** Every IANA zone this browser knows, each once ("UTC" is not always listed). */
function zones(): string[] {
  const known = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  return [...new Set(["UTC", ...known])];
}

/** "Paris — Central European Time" in English, "Paris — heure d’Europe centrale" in French. */
function zoneLabel(zone: string, locale: string): string {
  const place = zone.split("/").at(-1)!.replace(/_/g, " ");
  try {
    const name = new Intl.DateTimeFormat(intlLocale(locale), { timeZone: zone, timeZoneName: "longGeneric" })
      .formatToParts(new Date())
      .find((p) => p.type === "timeZoneName")?.value;
    return name && name !== place ? `${place} — ${name}` : place;
  } catch {
    return zone;
  }
}

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
  const locale = useLocale();
  const errorText = useErrorText();
  const current = form.watch("timeZone") as string | undefined;
  // The list and its names come from this browser's time-zone data, which the server's need not match: built once
  // mounted, the server rendering the chosen zone alone (no hydration mismatch).
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    setMounted(true);
    if (suggest && !form.getFieldState("timeZone").isDirty) form.setValue("timeZone", browserTimeZone());
  }, [suggest, form]);
  const options = useMemo(() => {
    const list = mounted ? zones() : [];
    if (current && !list.includes(current)) list.push(current);
    return list
      .map((zone) => ({ zone, label: mounted ? zoneLabel(zone, locale) : zone }))
      .sort((a, b) => a.zone.split("/")[0]!.localeCompare(b.zone.split("/")[0]!) || a.label.localeCompare(b.label, locale));
  }, [current, locale, mounted]);
  return (
    <SelectField
      id={`${idPrefix}-timeZone`}
      label={fields("timeZone")}
      hint={t("hint")}
      error={errorText("timeZone", form.formState.errors.timeZone)}
      {...form.register("timeZone")}
      // Controlled: the options arrive after mount, and an uncontrolled select would then show its first option while
      // the form holds another zone.
      value={current ?? ""}
    >
      {options.map(({ zone, label }) => (
        <option key={zone} value={zone}>
          {label}
        </option>
      ))}
    </SelectField>
  );
}
