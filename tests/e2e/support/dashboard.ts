// Helpers for the dashboard tests: a fresh owner per test (registered through the API, so the browser holds the
// session cookie), signing in as someone else, and reading what the profile API says.
import { expect, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { workThroughHolidays } from "./holidays";
import { at, type Locale } from "./messages";

export const PASSWORD = "correct-horse-9";

export function uniqueEmail(tag: string): string {
  return `${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@e2e.test`;
}

/**
 * Registers a new owner and signs this browser in as them (page.request shares the browser's cookies). Their public
 * holidays are opened (support/holidays.ts says why) unless `holidays: "closed"`.
 */
export async function newOwner(page: Page, opts: { fullName?: string; tag?: string; locale?: Locale; holidays?: "open" | "closed" } = {}) {
  const email = uniqueEmail(opts.tag ?? "owner");
  const fullName = opts.fullName ?? "Dr. Inès Moreau";
  const res = await page.request.post("/api/auth/register", {
    data: { email, password: PASSWORD, fullName, locale: opts.locale ?? "en", timeZone: "Europe/Paris" },
  });
  expect(res.status()).toBe(201);
  const body = (await res.json()) as { token: string; user: { id: string } };
  if (opts.holidays !== "closed") await workThroughHolidays(page.request, body.token);
  return { email, fullName, password: PASSWORD, id: body.user.id, token: body.token };
}

export async function signIn(page: Page, email: string, password: string) {
  const res = await page.request.post("/api/auth/login", { data: { email, password } });
  expect(res.status()).toBe(200);
  return (await res.json()) as { token: string; user: { id: string } };
}

/**
 * Makes `locale` the signed-in account's language (PUT /api/account/locale, with the browser's session cookie): the
 * dashboard speaks the account's language whatever the address, so a test that opens it in a language says so first.
 */
export async function saveLanguage(page: Page, locale: Locale) {
  const res = await page.request.put("/api/account/locale", { data: { locale } });
  expect(res.status(), await res.text()).toBe(200);
}

/**
 * Opens a dashboard page in `locale` (the signed-in account's language becomes `locale`: the dashboard follows the
 * account's) and waits until its client code has taken over (the header shows the user's name).
 */
export async function openDashboard(page: Page, locale: Locale, path: string) {
  await saveLanguage(page, locale);
  await page.goto(at(locale, path));
  await expect(page.locator("html[data-dashboard-ready]")).toBeAttached();
  await page.waitForLoadState("networkidle");
}

export async function profileOf(request: APIRequestContext, token: string) {
  const res = await request.get("/api/auth/profile", { headers: { authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  return res.json();
}

/**
 * Clicks a button whose handler closes its own window at once (the consent popup's Deny). The window can be gone before
 * Chromium acknowledges the click, which Playwright reports as a closed target: the window closing is what to wait for.
 */
export async function clickClosingWindow(window: Page, button: Locator) {
  const closed = window.waitForEvent("close");
  await button.click().catch((error: unknown) => {
    if (!window.isClosed()) throw error;
  });
  await closed;
}

const DAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"] as const;
// Open every day: "tomorrow" must have free times whatever day the suite runs.
const EVERY_DAY = Object.fromEntries(DAYS.map((d) => [d, { isOpen: true, openTime: "08:00", closeTime: "18:00" }]));

/** Everything a receptionist needs before it answers: hours, a connected calendar, a number, AI settings, a trial. */
export async function readyReceptionist(page: Page, token: string, language: "en" | "fr" = "en"): Promise<string> {
  const call = async (method: string, path: string, data?: unknown) => {
    const res = await page.request.fetch(path, { method, headers: { authorization: `Bearer ${token}` }, data });
    expect(res.status(), `${method} ${path}: ${await res.text()}`).toBeLessThan(300);
    return res.json();
  };
  await call("PUT", "/api/auth/update-working-hours", { workingHours: EVERY_DAY });
  await call("POST", "/api/google-calendar/authorize", { code: "sandbox-test-code" });
  await call("POST", "/api/subscription/start-trial");
  const { phoneNumber } = (await call("GET", "/api/phone-numbers/claim")) as { phoneNumber: string };
  await call("POST", "/api/ai/parameters", {
    language,
    voiceId: language === "fr" ? "voice_french_male_1" : "voice_english_female_1",
    firstMessage: "",
    agentName: "Léa",
  });
  return phoneNumber;
}
