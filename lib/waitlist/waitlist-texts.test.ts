import { describe, expect, it } from "vitest";
import type { Locale } from "@/lib/platform/i18n/routing";
import { waitlistText } from "./waitlist-texts";

const locales: Locale[] = ["en", "fr", "es"];
// As an appointment's texts say it: the time, then the service and whom it is for.
const detail: Record<Locale, string> = {
  en: "11:00 AM (coloration, for Léa)",
  fr: "11:00 (coloration, pour Léa)",
  es: "11:00 (coloration, para Léa)",
};

describe("a freed slot's offer", () => {
  it.each(locales)("names the person and the service it is for in %s", (locale) => {
    const { text, parameters } = waitlistText(locale, "offer", {
      businessName: "Salon Éclat",
      start: new Date("2026-12-09T10:00:00Z"),
      expiresAt: new Date("2026-12-09T11:00:00Z"),
      timeZone: "Europe/Paris",
      practitioner: null,
      name: "Léa Martin",
      service: "coloration",
    });
    expect(text).toContain(detail[locale]);
    expect(parameters[2]).toBe(detail[locale]);
  });
});
