// One language preference: the account's saved language is the dashboard's on any device (a fresh browser that asks
// for English), the header's switch and Settings' choice are the same setting, and a public page's switch saves it too
// for a signed-in owner.
import { expect, test, type Browser, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { PASSWORD, uniqueEmail } from "./support/dashboard";
import { expectNoEnglish } from "./support/i18n";
import { m, type Locale } from "./support/messages";

/** A browser with nothing of ours in it, whose language is American English (Accept-Language: en-US). */
async function freshEnglishBrowser(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ locale: "en-US" });
  return context.newPage();
}

/** Signs in through the sign-in page, as a person would. */
async function signInByForm(page: Page, email: string) {
  await page.goto("/login");
  await page.getByLabel(m("en", "Fields.email"), { exact: true }).fill(email);
  await page.getByLabel(m("en", "Fields.password"), { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: m("en", "LoginPage.submit") }).click();
}

async function localeCookie(page: Page) {
  return (await page.context().cookies()).find((c) => c.name === "NEXT_LOCALE")?.value;
}

const settingsLanguage = (page: Page, locale: Locale) => page.getByRole("combobox", { name: m(locale, "ProfileSection.language") });

test("the account's language is the dashboard's on a fresh English browser; the header's switch changes it for good", async ({
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  const email = uniqueEmail("langue");
  const registered = await request.post("/api/auth/register", {
    data: { email, password: PASSWORD, fullName: "Camille Durand", locale: "fr", timeZone: "Europe/Paris" },
  });
  expect(registered.status()).toBe(201);

  // Signed in on a browser that has never seen us and asks for English: the dashboard opens in French.
  const page = await freshEnglishBrowser(browser);
  await signInByForm(page, email);
  // The dashboard opens on the setup this new account has left, in French.
  await expect(page).toHaveURL(/\/fr\/dashboard(\/setup)?$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(m("fr", "SetupPage.continueTitle"));
  await page.goto("/fr/dashboard/profile");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(m("fr", "ProfileSection.title"));
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  expect(await localeCookie(page)).toBe("fr");
  // Settings and the header say the same language.
  await expect(settingsLanguage(page, "fr")).toHaveValue("fr");
  const header = page.getByRole("banner").getByRole("navigation", { name: m("fr", "LocaleSwitcher.label") });
  await expect(header.getByRole("link", { name: /^FR/ })).toHaveAttribute("aria-current", "true");
  await expectNoEnglish(page, "fr");
  await expectNoSeriousA11yViolations(page);

  // An English address (a bookmark, a shared link) still opens the account's language: the same page, in French.
  await page.context().addCookies([{ name: "NEXT_LOCALE", value: "en", url: new URL("/", page.url()).href }]);
  await page.goto("/dashboard/calls");
  await expect(page).toHaveURL(/\/fr\/dashboard\/calls$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(m("fr", "CallsSection.title"));

  // The header's switch: Spanish is now the account's language, and Settings says so.
  await page.goto("/fr/dashboard/profile");
  await expect(page.locator("html[data-dashboard-ready]")).toBeAttached();
  await header.getByRole("link", { name: /^ES/ }).click();
  await expect(page).toHaveURL(/\/es\/dashboard\/profile$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(m("es", "ProfileSection.title"));
  await expect(settingsLanguage(page, "es")).toHaveValue("es");
  await expect(settingsLanguage(page, "es").locator("option:checked")).toHaveText(m("es", "LocaleSwitcher.es"));
  expect((await (await page.request.get("/api/auth/profile")).json()).locale).toBe("es");
  expect(await localeCookie(page)).toBe("es");

  // Signed out, then in again on another fresh English browser: still Spanish.
  await page.getByRole("button", { name: m("es", "Dashboard.signOut") }).click();
  await expect(page).toHaveURL(/\/es$/);
  await page.context().close();
  const again = await freshEnglishBrowser(browser);
  await signInByForm(again, email);
  await expect(again).toHaveURL(/\/es\/dashboard(\/setup)?$/);
  await expect(again.getByRole("heading", { level: 1 })).toHaveText(m("es", "SetupPage.continueTitle"));
  await again.goto("/es/dashboard/profile");
  await expect(again.getByRole("heading", { level: 1 })).toHaveText(m("es", "ProfileSection.title"));
  await expect(settingsLanguage(again, "es")).toHaveValue("es");
  await expectNoEnglish(again, "es");

  // Settings' choice is the header's: English saved there, the header marks EN and the address loses its prefix.
  await expect(again.locator("html[data-dashboard-ready]")).toBeAttached();
  await settingsLanguage(again, "es").selectOption("en");
  await again.getByRole("button", { name: m("es", "ProfileSection.saveSettings") }).click();
  await expect(again).toHaveURL(/\/dashboard\/profile$/);
  await expect(again).not.toHaveURL(/\/(fr|es)\//);
  await expect(again.getByRole("heading", { level: 1 })).toHaveText(m("en", "ProfileSection.title"));
  await expect(
    again
      .getByRole("banner")
      .getByRole("navigation", { name: m("en", "LocaleSwitcher.label") })
      .getByRole("link", { name: /^EN/ }),
  ).toHaveAttribute("aria-current", "true");
  expect(await localeCookie(again)).toBe("en");
  await again.context().close();
});

test("a signed-in owner's language switch on a public page saves the account's language", async ({ browser, request }) => {
  const email = uniqueEmail("idioma");
  const registered = await request.post("/api/auth/register", {
    data: { email, password: PASSWORD, fullName: "Lucía García", locale: "fr", timeZone: "Europe/Madrid" },
  });
  expect(registered.status()).toBe(201);
  const page = await freshEnglishBrowser(browser);
  await signInByForm(page, email);
  await expect(page).toHaveURL(/\/fr\/dashboard/);
  await page.goto("/fr/privacy");
  const header = page
    .getByRole("banner")
    .getByRole("navigation", { name: m("fr", "LocaleSwitcher.label") })
    .first();
  await header.getByRole("link", { name: /^ES/ }).click();
  await expect(page).toHaveURL(/\/es\/privacy$/);
  await expect.poll(async () => (await (await page.request.get("/api/auth/profile")).json()).locale).toBe("es");
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/es\/dashboard/);
  await page.context().close();
});

test("a visitor's language switch on a public page stays a visit: nothing is saved, the cookie follows the choice", async ({ browser }) => {
  const page = await freshEnglishBrowser(browser);
  await page.goto("/privacy");
  const header = page
    .getByRole("banner")
    .getByRole("navigation", { name: m("en", "LocaleSwitcher.label") })
    .first();
  let saved = false;
  page.on("request", (r) => {
    if (new URL(r.url()).pathname === "/api/account/locale") saved = true;
  });
  await header.getByRole("link", { name: /^FR/ }).click();
  await expect(page).toHaveURL(/\/fr\/privacy$/);
  expect(await localeCookie(page)).toBe("fr");
  expect(saved).toBe(false);
  await page.context().close();
});
