// The other public pages: thank-you, onboarding, privacy and terms, in each language, accessible.
import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { newOwner, openDashboard, profileOf } from "./support/dashboard";
import { baseURL } from "./support/fixtures";
import { expectNoEnglish } from "./support/i18n";
import { at, LOCALES, m } from "./support/messages";

const LONG_DATE = { en: "en-US", fr: "fr-FR", es: "es-ES" } as const;

for (const locale of LOCALES) {
  test(`privacy policy and terms are real pages that name the processors and rights (${locale})`, async ({ page }) => {
    await page.goto(at(locale, "/privacy"));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(m(locale, "PrivacyPage.title"));
    const privacy = await page.locator("main").innerText();
    for (const processor of ["Google", "Telnyx", "Vapi", "Stripe"]) expect(privacy).toContain(processor);
    expect(privacy).toMatch(/90/); // the default retention of transcripts and recordings
    if (locale !== "en") await expectNoEnglish(page, locale);
    await expectNoSeriousA11yViolations(page);

    await page.goto(at(locale, "/terms"));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(m(locale, "TermsPage.title"));
    expect(await page.locator("main").innerText()).toMatch(/49[.,]99/);
    if (locale !== "en") await expectNoEnglish(page, locale);
    await expectNoSeriousA11yViolations(page);
  });

  test(`thank-you page: a visitor is told to check the payment email (${locale})`, async ({ page }) => {
    await page.goto(at(locale, "/thankyou"));
    // No checkout named: no claim of a payment the page knows nothing of.
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(m(locale, "ThankYouPage.thanksTitle"));
    await expect(page.getByTestId("thankyou-next")).toHaveText(m(locale, "ThankYouPage.checkEmail"));
    await expect(page.getByRole("link", { name: m(locale, "Common.goToDashboard") })).toHaveCount(0);
    await expect(page.getByRole("link", { name: m(locale, "Common.returnHome") })).toBeVisible();
    if (locale !== "en") await expectNoEnglish(page, locale);
    await expectNoSeriousA11yViolations(page);
  });

  test(`onboarding welcomes the user by name with the trial end date and the plan (${locale})`, async ({ page }) => {
    const email = `onboard-${locale}-${Date.now()}@e2e.test`;
    // An account in this language: its dashboard speaks the account's language, whatever the page's.
    const data = { email, password: "correct-horse-9", fullName: "Noé Garnier", locale };
    expect((await page.request.post("/api/auth/register", { data })).status()).toBe(201);
    await page.goto(at(locale, "/onboarding"));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(m(locale, "OnboardingPage.welcome", { name: "Noé Garnier" }));
    const end = new Intl.DateTimeFormat(LONG_DATE[locale], { dateStyle: "long", timeZone: "Europe/Paris" }).format(
      new Date(Date.now() + 7 * 86_400_000),
    );
    await expect(page.getByTestId("trial-end")).toHaveText(m(locale, "OnboardingPage.trialEnds", { date: end }));
    await expect(page.getByTestId("upgrade-price")).toContainText(locale === "en" ? "€49.99" : "49,99");
    await page.getByRole("link", { name: m(locale, "Common.goToDashboard") }).click();
    await page.waitForURL(new RegExp(`${at(locale, "/dashboard")}(/.*)?$`));
  });
}

test("the thank-you page offers the dashboard to a signed-in customer", async ({ page }) => {
  const email = `thanks-${Date.now()}@e2e.test`;
  expect(
    (await page.request.post("/api/auth/register", { data: { email, password: "correct-horse-9", fullName: "Jo Payer" } })).status(),
  ).toBe(201);
  await page.goto("/thankyou");
  await expect(page.getByTestId("thankyou-next")).toHaveText("You are signed in: your dashboard is ready.");
  await expect(page.getByRole("link", { name: "Go to Dashboard" })).toHaveAttribute("href", "/dashboard");
});

test("onboarding without a session goes to sign-in", async ({ page }) => {
  await page.goto("/onboarding");
  await expect(page).toHaveURL(/\/login$/);
});

test("every public page fits a 375 px screen and passes axe", async ({ page }) => {
  const email = `narrow-${Date.now()}@e2e.test`;
  await page.setViewportSize({ width: 375, height: 812 });
  const visitorPages = [
    "/",
    "/login",
    "/register",
    "/thankyou",
    "/privacy",
    "/terms",
    "/setup-account",
    "/setup-account/expired-or-not",
    "/forgot-password",
    "/reset-password/expired-or-not",
    "/setup-account-preview",
    "/setup-account-preview2",
    "/sandbox/checkout",
  ];
  for (const path of visitorPages) {
    await page.goto(path);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(375);
    await expectNoSeriousA11yViolations(page);
  }
  // The widest form step: the week of working hours.
  await page.goto("/setup-account-preview");
  await page.getByLabel("Password", { exact: true }).fill("preview-pass-1");
  await page.getByLabel("Confirm password").fill("preview-pass-1");
  await page.getByRole("button", { name: "Continue" }).click();
  await page.getByLabel("Full name").fill("Narrow Screen");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("group", { name: "Saturday" })).toBeVisible();
  await page.getByRole("group", { name: "Saturday" }).getByRole("checkbox").check();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expectNoSeriousA11yViolations(page);

  expect(
    (await page.request.post("/api/auth/register", { data: { email, password: "correct-horse-9", fullName: "Narrow Owner" } })).status(),
  ).toBe(201);
  await page.goto("/onboarding");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expectNoSeriousA11yViolations(page);
});

test("security headers on pages and API answers; the microphone only on the Try page", async ({ request }) => {
  for (const path of ["/", "/fr/login", "/api/health", "/api/auth/profile"]) {
    const res = await request.get(path, { maxRedirects: 0 });
    const h = res.headers();
    expect(h["x-content-type-options"], path).toBe("nosniff");
    expect(h["referrer-policy"], path).toBe("strict-origin-when-cross-origin");
    expect(h["content-security-policy"], path).toContain("frame-ancestors 'none'");
    expect(h["permissions-policy"], path).toContain("microphone=()");
    // The server runs on http://127.0.0.1: no HSTS there (only for an https APP_URL in production).
    expect(h["strict-transport-security"], path).toBeUndefined();
  }
  for (const path of ["/api/health", "/api/auth/profile"]) {
    expect((await request.get(path)).headers()["content-security-policy"], path).toBe("default-src 'none'; frame-ancestors 'none'");
  }
  for (const path of ["/dashboard/try", "/fr/dashboard/try"]) {
    const h = (await request.get(path, { maxRedirects: 0 })).headers();
    expect(h["permissions-policy"], path).toContain("microphone=(self)");
  }
});

test("every page load gets a CSP nonce of its own, and every script in the page carries it", async ({ request }) => {
  const nonces = new Set<string>();
  for (const path of ["/", "/", "/fr/privacy", "/login"]) {
    const res = await request.get(path);
    const csp = res.headers()["content-security-policy"] ?? "";
    expect(csp, path).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic'(;|$)/);
    expect(csp, path).not.toContain("unsafe-eval");
    const nonce = /'nonce-([^']+)'/.exec(csp)![1]!;
    nonces.add(nonce);
    const scripts = (await res.text()).match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length, path).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag, path).toContain(`nonce="${nonce}"`);
  }
  expect(nonces.size).toBe(4);
});

test("pages hydrate under the CSP: no violation on the landing page, sign-in and dashboard pages", async ({ page }) => {
  const violations: string[] = [];
  page.on("console", (msg) => {
    if (/Content[- ]Security[- ]Policy/i.test(msg.text())) violations.push(`${page.url()}: ${msg.text()}`);
  });
  // Also the browser's own report of each blocked load, registered before any page script runs.
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => {
      console.error(`Content Security Policy violation: ${e.violatedDirective} blocked ${e.blockedURI || "inline"}`);
    });
  });
  // React marks the document it hydrated: proof the page's scripts ran.
  const hydrated = () => page.evaluate(() => Object.keys(document).some((k) => k.startsWith("__reactContainer$")));

  for (const path of ["/", "/login"]) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    await expect.poll(hydrated, { message: path }).toBe(true);
  }
  // The sign-in form is React's, its schema a chunk loaded on demand ('strict-dynamic'): an empty submit is checked in
  // the page.
  await page.getByRole("button", { name: m("en", "LoginPage.submit") }).click();
  await expect(page.locator("#login-email")).toHaveAttribute("aria-invalid", "true");

  await newOwner(page, { tag: "csp" });
  // AI settings builds its zod schemas on load (instrumentation-client.ts keeps zod from probing for eval).
  for (const path of ["/dashboard/profile", "/dashboard/ai-config", "/dashboard/try"]) {
    await openDashboard(page, "en", path);
    await expect.poll(hydrated, { message: path }).toBe(true);
  }
  expect(violations).toEqual([]);
});

test("an API write from another origin on the session cookie is refused; with a bearer token it goes through", async ({ page }) => {
  const owner = await newOwner(page, { tag: "csrf", fullName: "Cleo Origin" });
  const evil = "https://evil.example";
  // page.request carries the browser's session cookie, as a forged form or fetch from another site would.
  const forged = await page.request.put("/api/auth/update-profile", { headers: { origin: evil }, data: { fullName: "Mallory" } });
  expect(forged.status()).toBe(403);
  expect((await forged.json()).message).toBe(m("en", "Api.crossOrigin"));
  expect((await profileOf(page.request, owner.token)).fullName).toBe("Cleo Origin");

  const sameOrigin = await page.request.put("/api/auth/update-profile", {
    headers: { origin: new URL(baseURL()).origin },
    data: { fullName: "Cleo Same" },
  });
  expect(sameOrigin.status()).toBe(200);

  const bearer = await page.request.put("/api/auth/update-profile", {
    headers: { origin: evil, authorization: `Bearer ${owner.token}` },
    data: { fullName: "Cleo Bearer" },
  });
  expect(bearer.status()).toBe(200);
  expect((await profileOf(page.request, owner.token)).fullName).toBe("Cleo Bearer");
});
