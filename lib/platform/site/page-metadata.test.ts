import { describe, expect, it } from "vitest";
import { localizedPath, pageMetadata } from "./page-metadata";

describe("localizedPath", () => {
  it("leaves English unprefixed and prefixes French and Spanish", () => {
    expect(localizedPath("en", "/")).toBe("/");
    expect(localizedPath("fr", "/")).toBe("/fr");
    expect(localizedPath("es", "/login")).toBe("/es/login");
  });
});

describe("pageMetadata", () => {
  it("gives the canonical URL of the page's own locale and every alternate with x-default", () => {
    const meta = pageMetadata("fr", "/privacy", { title: "T", description: "D" });
    const base = meta.metadataBase!.toString().replace(/\/$/, "");
    expect(meta.alternates?.canonical).toBe(`${base}/fr/privacy`);
    expect(meta.alternates?.languages).toEqual({
      en: `${base}/privacy`,
      fr: `${base}/fr/privacy`,
      es: `${base}/es/privacy`,
      "x-default": `${base}/privacy`,
    });
  });
});
