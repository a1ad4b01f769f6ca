import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/platform/errors";
import { keyParam } from "@/lib/platform/message-param";
import { translate } from "@/lib/platform/i18n/translate";
import { dialRefusal, requireDialable, requireTextable, servedCountries, textRefusal } from "./number-kinds";

describe("dialRefusal", () => {
  it.each([
    ["+33612345678", "a French mobile"],
    ["+33144556677", "a Paris landline"],
    ["+33912345678", "a French internet-phone landline (09)"],
    ["+33639980142", "the French fiction block"],
  ])("dials %s (%s) for a French practice", (n) => {
    expect(dialRefusal(n, ["FR"])).toBeNull();
  });

  it.each([
    ["+882123456789", ["FR"], "satellite"],
    ["+881612345678", ["FR"], "satellite"],
    ["+870772123456", ["FR"], "satellite"],
    ["+883510012345", ["FR"], "satellite"],
    ["+19005551234", ["US"], "premium"],
    ["+33899123456", ["FR"], "premium"],
    ["+33809123456", ["FR"], "uan"],
    ["+447012345678", ["GB"], "personal"],
    ["+18005551234", ["US"], "tollFree"],
    ["+15551230001", ["US"], "notAPerson"],
    ["+4915123456789", ["FR"], "notServed"],
    ["+12125550142", ["FR"], "notServed"],
  ] as const)("refuses %s for a practice serving %j: %s", (n, served, reason) => {
    expect(dialRefusal(n, served)).toBe(reason);
  });

  it("dials a German mobile once Germany is served", () => {
    expect(dialRefusal("+4915123456789", ["FR", "DE"])).toBeNull();
  });

  it("reads the UK fiction block as a mobile of the UK", () => {
    expect(dialRefusal("+447700900123", ["GB"])).toBeNull();
    expect(dialRefusal("+447700900123", ["FR"])).toBe("notServed");
  });
});

describe("textRefusal", () => {
  it("texts mobiles, and US/Canadian numbers where landlines and mobiles share ranges", () => {
    for (const n of ["+33612345678", "+4915123456789", "+12125550142", "+14165550100", "+33639980142", "+447700900123"])
      expect(textRefusal(n), n).toBeNull();
  });

  it("refuses landlines where the country keeps them apart, freephone, premium and satellite", () => {
    expect(textRefusal("+33144556677")).toBe("notMobile");
    expect(textRefusal("+34912345678")).toBe("notMobile");
    expect(textRefusal("+33912345678")).toBe("notMobile");
    expect(textRefusal("+18005551234")).toBe("tollFree");
    expect(textRefusal("+33899123456")).toBe("premium");
    expect(textRefusal("+881612345678")).toBe("satellite");
  });
});

describe("servedCountries", () => {
  it("is the practice's own country first, then those added, each once and known", () => {
    expect(servedCountries({ timeZone: "Europe/Paris", servedCountries: ["DE", "FR", "BE", "DE", "ZZ"] })).toEqual(["FR", "DE", "BE"]);
    expect(servedCountries({ timeZone: "America/New_York" })).toEqual(["US"]);
  });
});

describe("the refusals' messages", () => {
  const refusal = (f: () => unknown): AppError => {
    try {
      f();
    } catch (e) {
      if (e instanceof AppError) return e;
    }
    throw new Error("not refused");
  };

  it("names the country and those served, in the owner's language", () => {
    const e = refusal(() => requireDialable("+4915123456789", { field: "Dr Roux", served: ["FR", "BE"], locale: "fr" }));
    expect(e.code).toBe("bad_request");
    const text = translate("fr", e.messageKey, e.params);
    expect(text).toContain("Dr Roux");
    expect(text).toContain("Allemagne");
    expect(text).toContain("France, Belgique");
  });

  it("says a satellite number is one, and that a typed landline takes no text", () => {
    const sat = refusal(() => requireDialable("+882123456789", { field: keyParam("Fields.phone"), served: ["FR"], locale: "en" }));
    expect(translate("en", sat.messageKey, sat.params)).toMatch(/^Phone( number)?: satellite/);
    const fixed = refusal(() => requireTextable("+33144556677", { field: keyParam("Fields.phone"), ownLines: [] }));
    expect(translate("es", fixed.messageKey, fixed.params)).toMatch(/no puede recibir SMS/);
    const own = refusal(() => requireTextable("+33612345678", { field: keyParam("Fields.phone"), ownLines: [null, "+33612345678"] }));
    expect(own.messageKey).toBe("Validation.numberOwnLine");
  });
});
