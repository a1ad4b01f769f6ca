import { describe, expect, it } from "vitest";
import { MAX_SERVED_COUNTRIES } from "./limits";
import { servedCountriesFormSchema } from "./routing.forms";

describe("servedCountriesFormSchema", () => {
  it("reads the codes typed on one line, whatever separates them", () => {
    expect(servedCountriesFormSchema.parse({ servedCountries: " DE, be;CH  IT " })).toEqual({ servedCountries: ["DE", "be", "CH", "IT"] });
    expect(servedCountriesFormSchema.parse({ servedCountries: "" })).toEqual({ servedCountries: [] });
  });

  it("holds the route's bound on the list", () => {
    const many = Array.from({ length: MAX_SERVED_COUNTRIES + 1 }, () => "DE").join(",");
    const result = servedCountriesFormSchema.safeParse({ servedCountries: many });
    expect(result.error?.issues).toMatchObject([{ path: ["servedCountries"], message: "tooMany" }]);
  });
});
