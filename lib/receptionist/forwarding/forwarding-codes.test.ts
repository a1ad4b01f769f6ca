import { describe, expect, it } from "vitest";
import { defaultForwardingCountry, forwardingCodes, forwardingCountryOf } from "./forwarding-codes";

describe("forwarding codes", () => {
  it("fills the US carriers' codes with the ten-digit number where the carrier wants it", () => {
    const codes = forwardingCodes("US", "+1 555-010-0123");
    // Sprint merged into T-Mobile in 2020: no Sprint row.
    expect(codes.map((c) => c.carrier)).toEqual(["AT&T", "Verizon", "T-Mobile"]);
    expect(codes.find((c) => c.carrier === "Verizon")).toEqual({ carrier: "Verizon", activate: "*725550100123", deactivate: "*73" });
    expect(codes.find((c) => c.carrier === "T-Mobile")?.activate).toBe("**21*+15550100123#");
    expect(codes.find((c) => c.carrier === "AT&T")).toEqual({ carrier: "AT&T", activate: "*21*5550100123#", deactivate: "#21#" });
  });

  it("uses the international number on French and Spanish networks", () => {
    const fr = forwardingCodes("FR", "+33 1 99 00 01 00");
    expect(fr.map((c) => c.carrier)).toEqual(["Orange", "SFR", "Bouygues Telecom", "Free Mobile"]);
    expect(fr[0]).toEqual({ carrier: "Orange", activate: "*21*+33199000100#", deactivate: "#21#" });
    expect(fr[3]).toEqual({ carrier: "Free Mobile", activate: "**21*+33199000100#", deactivate: "##21#" });
    expect(forwardingCodes("ES", "+34 912 345 678").map((c) => c.carrier)).toEqual(["Movistar", "Vodafone", "Orange", "Yoigo"]);
  });

  it("shows where the number goes while there is none yet", () => {
    expect(forwardingCodes("US", null, "[number]")[1]?.activate).toBe("*72[number]");
  });

  it("opens on the business's country, whatever the page's language", () => {
    expect(forwardingCountryOf("FR", "en")).toBe("FR");
    expect(forwardingCountryOf("US", "fr")).toBe("US");
    expect(forwardingCountryOf("ES", "en")).toBe("ES");
  });

  it("falls back on the page's language for a country it has no carriers of", () => {
    expect(forwardingCountryOf("BE", "fr")).toBe("FR");
    expect(forwardingCountryOf(null, "es")).toBe("ES");
  });

  it("opens on the carriers of the page's language", () => {
    expect([defaultForwardingCountry("en"), defaultForwardingCountry("fr"), defaultForwardingCountry("es")]).toEqual(["US", "FR", "ES"]);
  });
});
