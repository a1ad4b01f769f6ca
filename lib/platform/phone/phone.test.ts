import { describe, expect, it } from "vitest";
import { translate } from "@/lib/platform/i18n/translate";
import { AppError } from "@/lib/platform/errors";
import {
  countryOfBusiness,
  countryOfPhone,
  countryOfTimeZone,
  emergencyNumber,
  exampleFor,
  formatPhone,
  isE164,
  parsePhone,
  phoneHref,
  readerCountry,
  requirePhone,
  toE164,
} from "./phone";
import { TIME_ZONES_BY_COUNTRY } from "./time-zone-countries";

describe("parsePhone", () => {
  it.each([
    ["06 98 76 54 32", "FR", "+33698765432"],
    ["06.98.76.54.32", "FR", "+33698765432"],
    ["+33 6 98 76 54 32", "US", "+33698765432"],
    ["+33 (0)6 98 76 54 32", "FR", "+33698765432"],
    ["0033 6 98 76 54 32", "FR", "+33698765432"],
    // "00" at a business whose own international prefix is 011, and with no region at all.
    ["0033698765432", "US", "+33698765432"],
    ["0033 6 98 76 54 32", null, "+33698765432"],
    ["011 33 6 98 76 54 32", "US", "+33698765432"],
    ["(212) 555-0142", "US", "+12125550142"],
    ["+1 212-555-0142", "FR", "+12125550142"],
    ["612 34 56 78", "ES", "+34612345678"],
    ["tel:+33698765432", "FR", "+33698765432"],
    ["+33 6 98 76 54 32 ext 12", "FR", "+33698765432"],
    // International form is taken on its length alone: fictional and brand-new ranges stay usable.
    ["+1 555-010-0123", "FR", "+15550100123"],
    ["+33700000002", "FR", "+33700000002"],
  ])("reads %j with region %s as %s", (input, region, e164) => {
    expect(parsePhone(input, region)).toMatchObject({ ok: true, e164 });
    expect(toE164(input, region)).toBe(e164);
  });

  it("tells the country of what it read", () => {
    expect(parsePhone("06 98 76 54 32", "FR")).toEqual({ ok: true, e164: "+33698765432", country: "FR" });
    expect(parsePhone("(212) 555-0142", "US")).toEqual({ ok: true, e164: "+12125550142", country: "US" });
  });

  it.each([
    ["", "FR", "empty"],
    ["   ", "FR", "empty"],
    ["12ab", "FR", "not_a_number"],
    ["call me at 0698765432", "FR", "not_a_number"],
    ["06 98 76 54 3a", "FR", "not_a_number"],
    ["+0", "FR", "too_short"],
    ["+33 1 23", "FR", "too_short"],
    ["+33 6 98 76 54 32 10 11 12", "FR", "too_long"],
    // National form with no region to read it with.
    ["06 98 76 54 32", null, "unknown_country"],
    // Ten digits, the length of a US number, but no US number starts with 0: a French number without its code.
    ["0698765432", "US", "invalid"],
  ])("refuses %j with region %s: %s", (input, region, reason) => {
    expect(parsePhone(input, region)).toEqual({ ok: false, reason });
    expect(toE164(input, region)).toBeNull();
  });

  it("refuses what is not text", () => {
    expect(parsePhone(null, "FR")).toEqual({ ok: false, reason: "empty" });
    expect(parsePhone({ number: "+33698765432" }, "FR")).toEqual({ ok: false, reason: "empty" });
  });
});

describe("isE164", () => {
  it("accepts only the canonical stored form", () => {
    expect(isE164("+33698765432")).toBe(true);
    expect(isE164("+12125550142")).toBe(true);
    for (const v of ["0698765432", "+33 6 98 76 54 32", "33698765432", "+330698765432", "+0", "+1", "", null, 33698765432])
      expect(isE164(v), String(v)).toBe(false);
  });
});

describe("formatPhone", () => {
  it("writes a number of the viewer's country nationally and any other internationally", () => {
    expect(formatPhone("+33698765432", "FR")).toBe("06 98 76 54 32");
    expect(formatPhone("+33698765432", "US")).toBe("+33 6 98 76 54 32");
    expect(formatPhone("+12125550142", "US")).toBe("(212) 555-0142");
    expect(formatPhone("+12125550142", "FR")).toBe("+1 212 555 0142");
    expect(formatPhone("+34612345678", "ES")).toBe("612 34 56 78");
    // Fictional 555 numbers belong to no exact country: national for a viewer sharing the calling code.
    expect(formatPhone("+15550100123", "US")).toBe("(555) 010-0123");
    expect(formatPhone("+15550100123", null)).toBe("+1 555 010 0123");
  });

  it("writes every number internationally when no viewer's country is given (lists of many countries' numbers)", () => {
    expect(formatPhone("+33612345678")).toBe("+33 6 12 34 56 78");
    expect(formatPhone("+33972123456")).toBe("+33 9 72 12 34 56");
    expect(formatPhone("+34910123456")).toBe("+34 910 12 34 56");
    expect(formatPhone("+12125550142")).toBe("+1 212 555 0142");
  });

  it("shows a value it cannot read as stored, and nothing for none", () => {
    expect(formatPhone("06 98 76 54 32", "FR")).toBe("06 98 76 54 32");
    expect(formatPhone(null, "FR")).toBe("");
    expect(formatPhone("", "FR")).toBe("");
  });

  it("links tel: to the E.164 number", () => {
    expect(phoneHref("+33698765432")).toBe("tel:+33698765432");
    expect(phoneHref("06 98 76 54 32")).toBeNull();
    expect(phoneHref(null)).toBeNull();
  });
});

describe("the business's country", () => {
  it("maps time zones, old names included, and none for zones of no country", () => {
    expect(countryOfTimeZone("Europe/Paris")).toBe("FR");
    expect(countryOfTimeZone("America/New_York")).toBe("US");
    expect(countryOfTimeZone("Atlantic/Canary")).toBe("ES");
    expect(countryOfTimeZone("US/Eastern")).toBe("US");
    expect(countryOfTimeZone("Asia/Calcutta")).toBe("IN");
    expect(countryOfTimeZone("Europe/Kiev")).toBe("UA");
    expect(countryOfTimeZone("UTC")).toBeNull();
    expect(countryOfTimeZone("Etc/GMT+2")).toBeNull();
    expect(countryOfTimeZone(null)).toBeNull();
  });

  it("knows the country of every time zone this runtime offers but the ones no country owns", () => {
    const known = new Set(Object.values(TIME_ZONES_BY_COUNTRY).flatMap((zones) => zones.split(" ")));
    const unknown = Intl.supportedValuesOf("timeZone").filter((z) => !known.has(z));
    expect(unknown.filter((z) => !/^(Etc\/|UTC$|GMT$)/.test(z))).toEqual([]);
    // A country without a numbering plan of its own (South Georgia: no phones) gives no region rather than a wrong one.
    expect(countryOfTimeZone("Atlantic/South_Georgia")).toBeNull();
  });

  it("takes the time zone's country, else the line's, else the language's", () => {
    expect(countryOfBusiness({ timeZone: "Europe/Paris", line: "+12125550100", locale: "en" })).toBe("FR");
    expect(countryOfBusiness({ timeZone: "UTC", line: "+34912345678", locale: "fr" })).toBe("ES");
    expect(countryOfBusiness({ timeZone: "UTC", line: null, locale: "fr" })).toBe("FR");
    expect(countryOfBusiness({ timeZone: "UTC", line: null, locale: "es" })).toBe("ES");
    expect(countryOfBusiness({ timeZone: "UTC", line: null, locale: "en" })).toBe("US");
    expect(countryOfBusiness({})).toBe("US");
  });

  it("reads a number's country", () => {
    expect(countryOfPhone("+33698765432")).toBe("FR");
    expect(countryOfPhone("0698765432")).toBeNull();
    expect(countryOfPhone(null)).toBeNull();
  });
});

describe("readerCountry", () => {
  it("is the recipient's country, so the business's number is written so they can dial it", () => {
    expect(readerCountry("+442079460123", "FR")).toBe("GB");
    expect(formatPhone("+33199000100", readerCountry("+442079460123", "FR"))).toBe("+33 1 99 00 01 00");
    expect(formatPhone("+33199000100", readerCountry("+33611223344", "FR"))).toBe("01 99 00 01 00");
  });

  it("takes a number of no known country as foreign, unless it shares the business's calling code", () => {
    // 07700 900xxx is the UK's range for drama: +44 all the same, never the French national form.
    expect(readerCountry("+447700900123", "FR")).toBeNull();
    expect(formatPhone("+33199000100", readerCountry("+447700900123", "FR"))).toBe("+33 1 99 00 01 00");
    expect(readerCountry("+447700900123", "GB")).toBe("GB");
    expect(readerCountry("+15551234567", "US")).toBe("US");
    expect(readerCountry(null, "ES")).toBe("ES");
  });
});

describe("requirePhone", () => {
  it("gives E.164, null for nothing, and a translated refusal showing the region's format", () => {
    expect(requirePhone("06 98 76 54 32", "FR")).toBe("+33698765432");
    expect(requirePhone("", "FR")).toBeNull();
    expect(requirePhone(null, "FR")).toBeNull();
    let error: unknown;
    try {
      requirePhone("0698765432", "US");
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(AppError);
    const { code, messageKey, params } = error as AppError;
    expect(code).toBe("bad_request");
    expect(params.example).toBe(exampleFor("US"));
    expect(translate("en", messageKey, params)).toContain(exampleFor("US"));
    expect(translate("fr", messageKey, params)).not.toBe(translate("en", messageKey, params));
    expect(exampleFor("FR")).toMatch(/^\+33 \d/);
  });
});

describe("emergencyNumber", () => {
  it("gives the emergency number of the line's country", () => {
    expect(emergencyNumber("FR")).toBe("15 / 112");
    expect(emergencyNumber("ES")).toBe("112");
    expect(emergencyNumber("US")).toBe("911");
    expect(emergencyNumber("GB")).toBe("999 / 112");
    expect(emergencyNumber("DE")).toBe("112");
    expect(emergencyNumber(null)).toBe("112");
    // A Paris practice on a US pool line still sends French callers to 15 / 112.
    expect(emergencyNumber(countryOfBusiness({ timeZone: "Europe/Paris", line: "+12125550101" }))).toBe("15 / 112");
  });
});
