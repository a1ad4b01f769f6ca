import { describe, expect, it } from "vitest";
import { localeOf } from "./locale";

const req = (headers: Record<string, string>) => new Request("http://localhost/api/x", { headers });

describe("localeOf", () => {
  it("prefers the stored preference cookie, then Accept-Language by weight, then English", () => {
    expect(localeOf(req({ cookie: "a=1; NEXT_LOCALE=es", "accept-language": "fr" }))).toBe("es");
    expect(localeOf(req({ "accept-language": "de-DE,fr;q=0.8,es;q=0.9" }))).toBe("es");
    expect(localeOf(req({ "accept-language": "fr-CA" }))).toBe("fr");
    expect(localeOf(req({ "accept-language": "de, ja" }))).toBe("en");
    expect(localeOf(req({ cookie: "NEXT_LOCALE=xx" }))).toBe("en");
  });
});
