// Password reset in a real browser: "Forgot password?" on the sign-in page, the email in the sandbox outbox, the link
// that sets a new password and signs in (and signs every other device out), the same link refused afterwards, the same
// answer for an email without an account, and the admin's "Send password reset link".
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { newOwner, openDashboard, signIn, uniqueEmail } from "./support/dashboard";
import { fixtures } from "./support/fixtures";
import { expectNoEnglish } from "./support/i18n";
import { at, LOCALES, m, type Locale } from "./support/messages";

const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").filter({ hasText: text }).first();

/** The page fits a 375 px screen, reads in its language and passes axe. */
async function checkPage(page: Page, locale: Locale) {
  await page.setViewportSize({ width: 375, height: 812 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth), page.url()).toBeLessThanOrEqual(375);
  await page.setViewportSize({ width: 1280, height: 720 });
  if (locale !== "en") await expectNoEnglish(page, locale);
  await expectNoSeriousA11yViolations(page);
}

type OutboxMessage = { recipient: string; subject: string | null; status: string; links: string[] };

/** The emails the sandbox sent to `email`, as the admin outbox lists them. */
async function outboxFor(admin: APIRequestContext, email: string): Promise<OutboxMessage[]> {
  const res = await admin.get(`/api/admin/outbox?q=${encodeURIComponent(email)}`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { messages: OutboxMessage[] }).messages.filter((msg) => msg.recipient === email);
}

/** Waits for the reset email to `email` (the job sends it) and returns its link's path. */
async function resetLinkFor(admin: APIRequestContext, email: string, locale: Locale, count = 1): Promise<string> {
  const subject = m(locale, "Notifications.account.reset.subject");
  await expect
    .poll(async () => (await outboxFor(admin, email)).filter((msg) => msg.subject === subject && msg.status === "sent").length, {
      timeout: 45_000,
    })
    .toBe(count);
  const [newest] = (await outboxFor(admin, email)).filter((msg) => msg.subject === subject);
  const link = newest!.links.find((l) => l.includes("/reset-password/"))!;
  return new URL(link).pathname;
}

async function adminRequest(page: Page): Promise<APIRequestContext> {
  const { admin } = fixtures();
  const context = await page.context().browser()!.newContext();
  await signIn(await context.newPage(), admin.email, admin.password);
  return context.request;
}

test("forgot password (fr): the emailed link sets a new password and signs in; the other device is signed out; the link works once", async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const locale = "fr";
  const t = (key: string, params?: Record<string, string | number>) => m(locale, key, params);
  // The owner's other device, signed in before the reset.
  const owner = await newOwner(page, { fullName: "Inès Oubli", tag: "reset", locale });
  await openDashboard(page, locale, "/dashboard");
  const admin = await adminRequest(page);

  const phone = await (await browser.newContext()).newPage();
  await phone.goto(at(locale, "/login"));
  await phone.getByRole("link", { name: t("LoginPage.forgotPassword") }).click();
  await expect(phone).toHaveURL(new RegExp(`${at(locale, "/forgot-password")}$`));
  await expect(phone.getByRole("heading", { level: 1 })).toHaveText(t("ForgotPasswordPage.title"));
  await phone.getByRole("button", { name: t("ForgotPasswordPage.submit") }).click();
  await expect(phone.getByText(t("Validation.required", { field: t("Fields.email") }))).toBeVisible();
  await phone.getByLabel(t("Fields.email"), { exact: true }).fill(owner.email);
  await phone.getByRole("button", { name: t("ForgotPasswordPage.submit") }).click();
  await expect(phone.getByTestId("forgot-sent")).toContainText(t("Api.resetLinkRequested"));
  await checkPage(phone, locale);

  // The email, in the account's language, with a French link.
  const path = await resetLinkFor(admin, owner.email, locale);
  expect(path).toMatch(/^\/fr\/reset-password\/[\w-]+$/);
  await phone.goto(path);
  await expect(phone.getByRole("heading", { level: 1 })).toHaveText(t("ResetPasswordPage.title"));
  await expect(phone.getByTestId("reset-account")).toHaveText(t("ResetPasswordPage.lead", { email: owner.email }));
  await phone.getByLabel(t("Fields.newPassword"), { exact: true }).fill("nouveau-secret-1");
  await phone.getByLabel(t("Fields.confirmPassword"), { exact: true }).fill("nouveau-secret-2");
  await phone.getByRole("button", { name: t("ResetPasswordPage.submit") }).click();
  await expect(phone.getByText(t("Validation.passwordsMismatch"))).toBeVisible();
  await phone.getByLabel(t("Fields.newPassword"), { exact: true }).fill("court");
  await phone.getByLabel(t("Fields.confirmPassword"), { exact: true }).fill("court");
  await phone.getByRole("button", { name: t("ResetPasswordPage.submit") }).click();
  await expect(phone.getByText(t("Validation.passwordMin"))).toBeVisible();
  await checkPage(phone, locale);
  await phone.getByLabel(t("Fields.newPassword"), { exact: true }).fill("nouveau-secret-1");
  await phone.getByLabel(t("Fields.confirmPassword"), { exact: true }).fill("nouveau-secret-1");
  await phone.getByRole("button", { name: t("ResetPasswordPage.submit") }).click();

  // Signed in on the dashboard.
  await phone.waitForURL(new RegExp(`${at(locale, "/dashboard")}$`));
  await expect(phone.locator("html[data-dashboard-ready]")).toBeAttached();

  // The device signed in before is out: its API calls get 401, and its next page load goes to sign-in.
  expect((await page.request.get("/api/auth/profile")).status()).toBe(401);
  await page.reload();
  await expect(page).toHaveURL(/\/fr\/login(\?|$)/);
  expect((await page.request.post("/api/auth/login", { data: { email: owner.email, password: owner.password } })).status()).toBe(401);
  expect((await page.request.post("/api/auth/login", { data: { email: owner.email, password: "nouveau-secret-1" } })).status()).toBe(200);

  // The same link again: no longer valid, with the way to a new one.
  await phone.goto(path);
  await expect(phone.getByTestId("reset-link-invalid")).toHaveText(t("ResetPasswordPage.invalidTitle"));
  await expect(phone.getByLabel(t("Fields.newPassword"), { exact: true })).toHaveCount(0);
  await expect(phone.getByRole("link", { name: t("ResetPasswordPage.requestNew") })).toHaveAttribute(
    "href",
    at(locale, "/forgot-password"),
  );
  await checkPage(phone, locale);
});

test("an email without an account gets the same answer on screen, and no email", async ({ page }) => {
  test.setTimeout(120_000);
  const admin = await adminRequest(page);
  const nobody = uniqueEmail("nobody");
  const ask = async (email: string) => {
    await page.goto("/forgot-password");
    await page.getByLabel(m("en", "Fields.email"), { exact: true }).fill(email);
    await page.getByRole("button", { name: m("en", "ForgotPasswordPage.submit") }).click();
    const answer = page.getByTestId("forgot-sent");
    await expect(answer).toBeVisible();
    return answer.innerText();
  };
  const unknownAnswer = await ask(nobody);
  // A known account asked after it: once its email is out, the queue is past the unknown one's request.
  const ownerContext = await page.context().browser()!.newContext();
  const owner = await newOwner(await ownerContext.newPage(), { tag: "reset-known" });
  const knownAnswer = await ask(owner.email);
  expect(unknownAnswer).toBe(knownAnswer);
  expect(knownAnswer).toContain(m("en", "Api.resetLinkRequested"));
  expect(await resetLinkFor(admin, owner.email, "en")).toMatch(/^\/reset-password\/[\w-]+$/);
  expect(await outboxFor(admin, nobody)).toEqual([]);
});

test("an admin sends a user a password reset link from the users dialog; a toast confirms and the email goes out", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const ownerContext = await browser.newContext();
  const owner = await newOwner(await ownerContext.newPage(), { fullName: "Régis Reset", tag: "admin-reset", locale: "es" });
  const { admin } = fixtures();
  await signIn(page, admin.email, admin.password);
  await openDashboard(page, "en", "/dashboard/admin/users");
  await page.getByLabel(m("en", "AdminUsers.search")).fill(owner.email);
  const row = page.getByTestId("user-row");
  await expect(row).toHaveCount(1);
  await row.getByRole("button", { name: m("en", "AdminUsers.settings") }).click();
  const dialog = page.getByTestId("user-settings");
  await dialog.getByRole("button", { name: m("en", "AdminUsers.sendResetLink") }).click();
  const confirm = page.getByRole("dialog", { name: m("en", "AdminUsers.confirmTitle") });
  await expect(confirm).toContainText(m("en", "AdminUsers.confirmResetLink", { name: "Régis Reset" }));
  await confirm.getByRole("button", { name: m("en", "AdminUsers.confirm") }).click();
  const sent = m("en", "Api.resetLinkSent", { email: owner.email });
  await expect(toast(page, sent)).toBeVisible();
  await expect(dialog.getByTestId("operation-done")).toHaveText(sent);
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 15_000 });
  await expectNoSeriousA11yViolations(page);

  // The email is in the account's language (Spanish), and its link opens the reset form.
  const path = await resetLinkFor(page.request, owner.email, "es");
  expect(path).toMatch(/^\/es\/reset-password\//);
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(path);
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveText(m("es", "ResetPasswordPage.title"));
  await checkPage(visitor, "es");
});

for (const locale of LOCALES) {
  test(`forgot-password and a dead reset link read in the page's language and pass axe at 375 px (${locale})`, async ({ page }) => {
    await page.goto(at(locale, "/forgot-password"));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(m(locale, "ForgotPasswordPage.title"));
    await checkPage(page, locale);
    await page.goto(at(locale, "/reset-password/not-a-live-link"));
    await expect(page.getByTestId("reset-link-invalid")).toHaveText(m(locale, "ResetPasswordPage.invalidTitle"));
    await checkPage(page, locale);
  });
}
