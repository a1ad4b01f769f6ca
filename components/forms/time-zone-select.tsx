"use client";
import { useLocale, useTranslations } from "next-intl";
import { useEffect, useMemo, useState, type ComponentProps } from "react";
import { timeZoneName, timeZoneOption, zoneCity } from "@/lib/platform/phone/time-zone-name";
import { SelectField } from "./fields";

/** Every IANA zone this browser knows, each once ("UTC" is not always listed). */
function zones(): string[] {
  const known = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  return [...new Set(["UTC", ...known])];
}

/** The page's language's name for a zone, for a text shown after an owner's action (a form opened, a dialog). */
export function useTimeZoneName(): (zone: string) => string {
  const locale = useLocale();
  const t = useTranslations("TimeZoneField");
  return (zone) => timeZoneName(zone, locale, (country) => t("countryTime", { country }));
}

/**
 * A zone named in the page's language ("hora de España (Madrid)"), for a page that shows one. The name comes from the
 * browser's time-zone data once mounted; the server renders the city alone ("Madrid"), which both sides agree on.
 */
export function TimeZoneName({ zone }: { zone: string }) {
  const locale = useLocale();
  const t = useTranslations("TimeZoneField");
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return <>{mounted ? timeZoneName(zone, locale, (country) => t("countryTime", { country })) : zoneCity(zone)}</>;
}

/**
 * The one time-zone picker: every zone the browser knows, named in the page's language and sorted by that name, the
 * chosen zone always among them. Controlled (`value`), since its options arrive after mount.
 */
export function TimeZoneSelect({ value, ...select }: Omit<ComponentProps<typeof SelectField>, "children"> & { value: string }) {
  const locale = useLocale();
  const t = useTranslations("TimeZoneField");
  // The list and its names come from this browser's time-zone data, which the server's need not match: built once
  // mounted, the server rendering the chosen zone alone (no hydration mismatch).
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const options = useMemo(() => {
    const list = mounted ? zones() : [];
    if (value && !list.includes(value)) list.push(value);
    const countryTime = (country: string) => t("countryTime", { country });
    return list
      .map((zone) => ({ zone, label: timeZoneOption(zone, locale, countryTime) }))
      .sort((a, b) => a.label.localeCompare(b.label, locale));
  }, [value, locale, mounted, t]);
  return (
    <SelectField {...select} value={value}>
      {options.map(({ zone, label }) => (
        <option key={zone} value={zone}>
          {label}
        </option>
      ))}
    </SelectField>
  );
}
