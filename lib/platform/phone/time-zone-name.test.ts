import { describe, expect, it } from "vitest";
import { translate } from "@/lib/platform/i18n/translate";
import { timeZoneName, timeZoneOption } from "./time-zone-name";

const named = (zone: string, locale: "en" | "fr" | "es") =>
  timeZoneName(zone, locale, (country) => translate(locale, "TimeZoneField.countryTime", { country }));
const option = (zone: string, locale: "en" | "fr" | "es") =>
  timeZoneOption(zone, locale, (country) => translate(locale, "TimeZoneField.countryTime", { country }));

describe("timeZoneName", () => {
  it("names a zone by its place in the page's language, never by its id", () => {
    expect(named("America/Mexico_City", "es")).toContain("Ciudad de México");
    expect(named("America/Mexico_City", "fr")).toContain("Mexico");
    expect(named("America/Mexico_City", "en")).toContain("Mexico");
    expect(named("Europe/Madrid", "es")).toMatch(/^hora de España/);
    expect(named("Europe/Madrid", "fr")).toContain("Espagne");
    expect(named("Europe/Madrid", "en")).toContain("Spain");
    for (const locale of ["en", "fr", "es"] as const) {
      for (const zone of ["Europe/Madrid", "Europe/Kiev", "America/Argentina/Buenos_Aires", "Atlantic/Canary", "UTC"]) {
        expect(named(zone, locale), `${zone} in ${locale}`).not.toMatch(/[/_]/);
      }
    }
  });
  it("names Ukraine's zone by the country's name in each language", () => {
    expect(named("Europe/Kiev", "en")).toContain("Ukraine");
    expect(named("Europe/Kiev", "fr")).toContain("Ukraine");
    expect(named("Europe/Kiev", "es")).toContain("Ucrania");
  });
  it("says the zone of no country by its own name", () => {
    expect(named("UTC", "en")).toMatch(/Coordinated Universal Time|GMT/);
    expect(named("UTC", "fr")).not.toContain("UTC/");
  });
});

describe("timeZoneOption", () => {
  it("adds the zone's wider name when it says more than the place", () => {
    expect(option("Europe/Madrid", "es")).toMatch(/España.*·.*Europa central/);
    expect(option("Europe/Paris", "fr")).toMatch(/France.*·.*Europe centrale/);
    expect(option("Europe/Paris", "en")).toMatch(/France.*·.*Central European/);
  });
});
