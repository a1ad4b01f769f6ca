import { describe, expect, it } from "vitest";
import { defaultForwardingCountry, forwardingCodes } from "./forwarding-codes";

describe("forwarding codes", () => {
  it("fills the US carriers' codes with the ten-digit number where the carrier wants it", () => {
    const codes = forwardingCodes("US", "+1 555-010-0123");
    expect(codes.map((c) => c.carrier)).toEqual(["AT&T", "Verizon", "T-Mobile", "Sprint"]);
    expect(codes.find((c) => c.carrier === "Verizon")).toEqual({ carrier: "Verizon", activate: "*725550100123", deactivate: "*73" });
    expect(codes.find((c) => c.carrier === "T-Mobile")?.activate).toBe("**21*+15550100123#");
    expect(codes.find((c) => c.carrier === "Sprint")?.deactivate).toBe("*720");
  });

  it("uses the international number on French and Spanish networks", () => {
    expect(forwardingCodes("FR", "+33 1 23 45 67 89")[0]).toEqual({ carrier: "Orange", activate: "*21*+33123456789#", deactivate: "#21#" });
    expect(forwardingCodes("ES", "+34 912 345 678").map((c) => c.carrier)).toEqual(["Movistar", "Vodafone", "Orange", "Yoigo"]);
  });

  it("shows where the number goes while there is none yet", () => {
    expect(forwardingCodes("US", null, "[number]")[1]?.activate).toBe("*72[number]");
  });

  it("opens on the carriers of the page's language", () => {
    expect([defaultForwardingCountry("en"), defaultForwardingCountry("fr"), defaultForwardingCountry("es")]).toEqual(["US", "FR", "ES"]);
  });
});
