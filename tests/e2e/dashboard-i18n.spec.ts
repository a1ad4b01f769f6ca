// Every dashboard page in French and Spanish (no English left, dates and times the locale's way), accessible (axe),
// usable at 375 px and by keyboard; and the owner's and the admin's main jobs done in a second and third language.
import { expect, test, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { newOwner, openDashboard, signIn } from "./support/dashboard";
import { fixtures } from "./support/fixtures";
import { expectNoEnglish } from "./support/i18n";
import { at, LOCALES, m, type Locale } from "./support/messages";

const OWNER_PAGES = [
  "/dashboard/insights",
  "/dashboard/profile",
  "/dashboard/security",
  "/dashboard/business",
  "/dashboard/schedule",
  "/dashboard/practitioners",
  "/dashboard/ai-config",
  "/dashboard/knowledge",
  "/dashboard/transfers",
  "/dashboard/booking-page",
  "/dashboard/recall",
  "/dashboard/reminder-calls",
  "/dashboard/integrations",
  "/dashboard/phone-number",
  "/dashboard/try",
  "/dashboard/calendar",
  "/dashboard/appointments",
  "/dashboard/waitlist",
  "/dashboard/calls",
  "/dashboard/outbox",
  "/dashboard/subscription",
  "/dashboard/privacy",
];
const ADMIN_PAGES = ["/dashboard/admin/users", "/dashboard/admin/telnyx-numbers", "/dashboard/admin/outbox"];
const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").filter({ hasText: text }).first();

async function checkPage(page: Page, locale: Locale, path: string) {
  await openDashboard(page, locale, path);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  if (locale !== "en") await expectNoEnglish(page, locale);
  await expectNoSeriousA11yViolations(page);
  // Nothing wider than the screen: tables scroll inside their own region.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, `${path} overflows at ${page.viewportSize()?.width}px`).toBeLessThanOrEqual(0);
}

// The shared administrator speaks English again after every test here, passed or failed: the dashboard follows the
// account's language, and the other specs open the admin's pages in English.
test.afterEach(async ({ playwright, baseURL }) => {
  const { admin } = fixtures();
  const request = await playwright.request.newContext({ baseURL });
  try {
    const login = await request.post("/api/auth/login", { data: { email: admin.email, password: admin.password } });
    const { token } = (await login.json()) as { token: string };
    await request.put("/api/account/locale", { data: { locale: "en" }, headers: { authorization: `Bearer ${token}` } });
  } finally {
    await request.dispose();
  }
});

for (const locale of LOCALES) {
  test(`every owner and admin page is translated, accessible and fits 375 px (${locale})`, async ({ page }) => {
    // Some twenty pages, each checked for English, accessibility and width: a long walk, not a speed target.
    test.setTimeout(360_000);
    await page.setViewportSize({ width: 375, height: 800 });
    await newOwner(page, { locale });
    for (const path of OWNER_PAGES) await checkPage(page, locale, path);
    const { admin } = fixtures();
    await signIn(page, admin.email, admin.password);
    for (const path of ADMIN_PAGES) await checkPage(page, locale, path);
  });
}

test("small screens: the navigation is a drawer, usable by keyboard; the compact language switch works", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await newOwner(page);
  await openDashboard(page, "en", "/dashboard/profile");
  const nav = page.getByRole("navigation", { name: m("en", "Dashboard.nav.label") });
  await expect(nav).toBeHidden();
  const open = page.getByRole("button", { name: m("en", "Dashboard.openNavigation") });
  await open.focus();
  await page.keyboard.press("Enter");
  const drawer = page.getByRole("dialog", { name: m("en", "Dashboard.navigation") });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByText(m("en", "Dashboard.nav.groupReceptionist"), { exact: true })).toBeVisible();
  await drawer.getByRole("link", { name: m("en", "Dashboard.nav.aiConfig") }).press("Enter");
  await expect(page).toHaveURL(/\/dashboard\/ai-config$/);
  await expect(drawer).toBeHidden();
  // At this width the full switcher is hidden: the one "Language" control is the compact select.
  await page.getByRole("combobox", { name: m("en", "LocaleSwitcher.label") }).selectOption("es");
  await expect(page).toHaveURL(/\/es\/dashboard\/ai-config$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(m("es", "AiConfigSection.title"));
});

test("en français : l'owner configure son activité, ses horaires, son assistant, son agenda et son numéro", async ({ page }) => {
  const fr = (key: string, params: Record<string, string | number> = {}) => m("fr", key, params);
  await newOwner(page, { locale: "fr", fullName: "Camille Durand" });
  await openDashboard(page, "fr", "/dashboard/business");
  await page.getByRole("button", { name: fr("Dashboard.edit") }).click();
  await page.getByLabel(fr("Fields.businessName")).fill("Cabinet Durand");
  await page.getByLabel(fr("Fields.businessType")).selectOption("dental");
  await page.getByLabel(fr("Fields.services"), { exact: true }).fill("Détartrage, Blanchiment");
  await page.getByRole("button", { name: fr("Dashboard.save"), exact: true }).click();
  await expect(toast(page, fr("BusinessSection.updated"))).toBeVisible();
  await expect(page.getByTestId("business-services").getByRole("listitem")).toHaveText(["Détartrage", "Blanchiment"]);

  // Hours on the 24-hour clock in French.
  await page.goto(at("fr", "/dashboard/schedule"));
  await expect(page.getByTestId("schedule-monday")).toHaveText("09:00 – 17:00");
  await page.getByRole("button", { name: fr("Dashboard.edit") }).click();
  await page.getByLabel(`${fr("Fields.friday")} ${fr("WorkingHoursFields.closes")}`).fill("15:30");
  await page.getByRole("button", { name: fr("Dashboard.save"), exact: true }).click();
  await expect(toast(page, fr("ScheduleSection.updated"))).toBeVisible();
  await expect(page.getByTestId("schedule-friday")).toHaveText("09:00 – 15:30");

  await page.goto(at("fr", "/dashboard/ai-config"));
  // Nothing saved yet: the French defaults in use, the receptionist a woman as the copy calls her.
  await expect(page.getByTestId("ai-missing")).toContainText(fr("AiConfigSection.missing"));
  await expect(page.getByTestId("ai-missing").getByTestId("ai-spokenGreeting")).toContainText("Vivienne");
  await expect(page.getByTestId("ai-missing").getByTestId("ai-spokenGreeting")).toContainText("Cabinet Durand");
  await expect(page.getByTestId("ai-missing").getByTestId("ai-voice")).toContainText("Vivienne");
  await page.getByRole("button", { name: fr("AiConfigSection.create") }).click();
  await page.getByRole("combobox", { name: fr("AiConfigSection.language"), exact: true }).selectOption("fr");
  await page.getByLabel(fr("AiConfigSection.firstMessage")).fill("Cabinet Durand, bonjour !");
  await page.getByRole("button", { name: fr("AiConfigSection.create") }).click();
  await expect(toast(page, fr("AiConfigSection.created"))).toBeVisible();
  await expect(page.getByTestId("ai-language")).toHaveText(fr("AiConfigSection.languages.fr"));

  await page.goto(at("fr", "/dashboard/calendar"));
  const popupPromise = page.waitForEvent("popup");
  await page.getByRole("button", { name: fr("CalendarSection.connect") }).click();
  const popup = await popupPromise;
  await popup.getByRole("button", { name: fr("SandboxConsent.allow") }).click();
  await expect(page.getByTestId("calendar-connected")).toHaveText(fr("CalendarSection.connected"));
  // A number comes with a trial: started from the landing page's button (the signed-in trial start).
  await page.goto(at("fr", "/dashboard/phone-number"));
  await expect(page.getByTestId("subscription-prerequisite")).toContainText(fr("PhoneSection.subscriptionRequired"));
  await page.goto(at("fr", "/"));
  await page.getByTestId("pricing-cta").click();
  await expect(page).toHaveURL(/\/fr\/dashboard\/subscription$/);
  await expect(page.getByTestId("subscription-trial")).toBeVisible();
  await page.goto(at("fr", "/dashboard/phone-number"));
  await page.getByRole("button", { name: fr("PhoneSection.claim") }).click();
  // A French number for a business in Paris, in French national form.
  await expect(page.getByTestId("dedicated-number")).toHaveText(/^0[1-59]( \d\d){4}$/);
  // The guide opens on the French carriers.
  await page.getByTestId("forwarding-guide").locator("summary").click();
  await expect(page.getByTestId("forwarding-guide").getByRole("rowheader")).toHaveText([
    "Orange",
    "SFR",
    "Bouygues Telecom",
    "Free Mobile",
  ]);

  await page.goto(at("fr", "/dashboard/subscription"));
  await expect(page.getByTestId("subscription-badge")).toHaveText(fr("SubscriptionSection.trialActive"));
  await expectNoEnglish(page, "fr");
});

test("en español: el administrador busca, desactiva, asigna un número, exporta y borra", async ({ page }) => {
  const es = (key: string, params: Record<string, string | number> = {}) => m("es", key, params);
  const owner = await newOwner(page, { locale: "es", fullName: "Lucía Objetivo" });
  const { admin } = fixtures();
  await signIn(page, admin.email, admin.password);
  await openDashboard(page, "es", "/dashboard/admin/users");
  // An account a checkout created and nobody set up yet says so, in Spanish.
  await page.getByLabel(es("AdminUsers.search")).fill(fixtures().accounts.expired!.email);
  await expect(page.getByTestId("user-row").getByTestId("user-status")).toHaveText(es("AdminUsers.pendingSetup"));
  await page.getByLabel(es("AdminUsers.search")).fill("lucía obj");
  const row = page.getByTestId("user-row");
  await expect(row).toHaveCount(1);
  await row.getByRole("button", { name: es("AdminUsers.settings") }).click();
  const dialog = page.getByTestId("user-settings");
  await dialog.getByRole("button", { name: es("AdminUsers.deactivate") }).click();
  await page
    .getByRole("dialog", { name: es("AdminUsers.confirmTitle") })
    .getByRole("button", { name: es("AdminUsers.confirm") })
    .click();
  await expect(toast(page, es("AdminUsers.deactivated", { name: "Lucía Objetivo" }))).toBeVisible();
  await expectNoEnglish(page, "es");
  // Assign a number, confirmed.
  const select = dialog.getByLabel(es("AdminUsers.availableNumbers"));
  // The option reads the number as the admin writes it ("+1 212 555 0100 (US)"); its value is the E.164 number.
  const option = select.locator("option").nth(1);
  const number = (await option.textContent())!.replace(/ \([A-Z]{2}\)$/, "");
  await select.selectOption(await option.getAttribute("value"));
  await dialog.getByRole("button", { name: es("AdminUsers.assign") }).click();
  await page
    .getByRole("dialog", { name: es("AdminUsers.confirmTitle") })
    .getByRole("button", { name: es("AdminUsers.confirm") })
    .click();
  await expect(toast(page, es("AdminUsers.assigned", { number }))).toBeVisible();
  await expect(dialog.getByTestId("detail-number")).toHaveText(number);
  expect((await page.request.post("/api/auth/login", { data: { email: owner.email, password: owner.password } })).status()).toBe(403);
  // Signing in above failed without touching the admin's session.
  await page.goto(at("es", "/dashboard/admin/telnyx-numbers"));
  const downloadPromise = page.waitForEvent("download");
  await page.getByRole("button", { name: es("AdminNumbers.export") }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toBe("telnyx-numbers.csv");
  const { readFileSync } = await import("node:fs");
  const header = readFileSync(await download.path(), "utf8")
    .replace(/^\uFEFF/, "")
    .split("\r\n")[0];
  expect(header).toBe(
    ["phoneNumber", "region", "phoneNumberType", "assignedTo", "created"].map((k) => `"${es(`AdminNumbers.csv.${k}`)}"`).join(","),
  );
  // Delete: none for Lucía's number (released first), done for a free one.
  const rows = page.getByTestId("number-row");
  await expect(rows.filter({ hasText: number }).getByRole("button", { name: es("AdminNumbers.delete") })).toHaveCount(0);
  await expect(rows.filter({ hasText: number }).getByTestId("number-release-first")).toHaveText(es("AdminNumbers.releaseFirst"));
  const confirm = page.getByRole("dialog", { name: es("AdminNumbers.deleteTitle") });
  const free = rows.filter({ hasText: es("AdminNumbers.available") }).first();
  const freeNumber = (await free.getByRole("rowheader").innerText()).trim();
  await free.getByRole("button", { name: es("AdminNumbers.delete") }).click();
  await confirm.getByRole("button", { name: es("AdminNumbers.delete") }).click();
  await expect(toast(page, es("AdminNumbers.deleted"))).toBeVisible();
  await expect(rows.filter({ hasText: freeNumber })).toHaveCount(0);
});
