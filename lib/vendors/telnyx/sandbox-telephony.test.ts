import { isValidPhoneNumber, parsePhoneNumber } from "libphonenumber-js/max";
import { describe, expect, it } from "vitest";
import { sandboxNumbers } from "./sandbox-telephony";

describe("the sandbox number pool", () => {
  const numbers = sandboxNumbers();

  it("holds numbers of the United States, France, Spain and the United Kingdom", () => {
    const count = (region: string) => numbers.filter((n) => n.region === region).length;
    expect(new Set(numbers.map((n) => n.region))).toEqual(new Set(["US", "FR", "ES", "GB"]));
    expect([count("US"), count("FR"), count("ES"), count("GB")]).toEqual([30, 60, 10, 20]);
  });

  it("has only numbers libphonenumber takes as valid, of the country its region names", () => {
    for (const n of numbers) {
      expect(isValidPhoneNumber(n.phoneNumber), n.phoneNumber).toBe(true);
      const parsed = parsePhoneNumber(n.phoneNumber);
      expect(parsed.country, n.phoneNumber).toBe(n.region);
      expect(parsed.number, "stored in E.164").toBe(n.phoneNumber);
    }
  });

  it("uses the ranges set aside for fiction: 555-01xx in the US, ARCEP's blocks in France, Ofcom's drama numbers in the UK", () => {
    for (const n of numbers.filter((x) => x.region === "US")) expect(n.phoneNumber).toMatch(/^\+1\d{3}55501\d\d$/);
    for (const n of numbers.filter((x) => x.region === "FR"))
      expect(n.phoneNumber).toMatch(/^\+33(19900|26191|35301|46571|53649|97740)\d{4}$/);
    for (const n of numbers.filter((x) => x.region === "GB"))
      expect(n.phoneNumber).toMatch(/^\+44(2079460|1314960|2920180|2896496|1614960)\d{3}$/);
  });

  it("never lists a number twice", () => {
    expect(new Set(numbers.map((n) => n.phoneNumber)).size).toBe(numbers.length);
    expect(new Set(numbers.map((n) => n.providerId)).size).toBe(numbers.length);
  });
});
