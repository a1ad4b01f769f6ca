// Proves the harness: the production server from the global setup answers, each locale renders in its own language
// tag, the fixtures are there, and the English-leak detector finds what it should.
import { expect, test } from "@playwright/test";
import { fixtures } from "./support/fixtures";
import { englishLeaks, literalFragments, untranslatedCandidates, untranslatedWhole } from "./support/i18n";

test("GET /api/health answers 200", async ({ request }) => {
  const res = await request.get("/api/health");
  expect(res.status()).toBe(200);
  expect(await res.json()).toEqual({ status: "ok" });
});

for (const [path, lang] of [
  ["/", "en"],
  ["/fr", "fr"],
  ["/es", "es"],
] as const) {
  test(`${path} renders with <html lang="${lang}">`, async ({ page }) => {
    const res = await page.goto(path);
    expect(res?.status()).toBe(200);
    await expect(page.locator("html")).toHaveAttribute("lang", lang);
  });
}

test("the global setup wrote one setup link per locale", async ({ request }) => {
  const f = fixtures();
  for (const token of [f.setupTokens.en, f.setupTokens.fr, f.setupTokens.es, f.previewSetupToken, f.expiredSetupToken]) {
    expect(token).toMatch(/^\S{20,}$/);
  }
  const res = await request.get(`/api/auth/validate-setup-token/${encodeURIComponent(f.previewSetupToken)}`);
  expect(res.status()).toBe(200);
  const expired = await request.get(`/api/auth/validate-setup-token/${encodeURIComponent(f.expiredSetupToken)}`);
  expect(expired.status()).toBe(404);
});

test("englishLeaks finds untranslated English and ignores ICU syntax", () => {
  expect(literalFragments("Signed in as {name}, welcome back")).toEqual(["Signed in as", ", welcome back"]);
  expect(literalFragments("{count, plural, one {# call answered today} other {# calls answered today}}")).toEqual([
    "call answered today",
    "calls answered today",
  ]);
  expect(literalFragments("Read the <link>terms of service</link> first")).toEqual(["Read the", "terms of service", "first"]);

  const candidates = untranslatedCandidates("fr");
  expect(candidates.length).toBeGreaterThan(0);
  const english = candidates[0]!;
  const fake = `Recepta — Tableau de bord\nBonjour, ${english} et merci.`;
  expect(englishLeaks(fake, "fr")).toEqual([english]);
  expect(englishLeaks("Recepta — Tableau de bord. Bonjour et merci.", "fr")).toEqual([]);
  expect(englishLeaks("Recepta Dashboard", "es")).toEqual([]); // short or shared words never count
});

test("short English labels are caught whole, words shared by both languages are not", () => {
  const whole = untranslatedWhole("fr");
  expect(whole.has("Next")).toBe(true);
  expect(whole.has("Back")).toBe(true);
  expect(whole.has("Contact")).toBe(false); // French for "Contact" is "Contact"
  expect(whole.has("English")).toBe(false); // language names are the same in every catalogue
});
