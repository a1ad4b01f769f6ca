// The owner's GDPR tools in a real browser: retention and recording settings, erasing one caller, and deleting the
// account (after which the number is back in the pool, the old session is dead and the email can't sign in).
import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { newOwner, openDashboard, signIn } from "./support/dashboard";
import { fixtures } from "./support/fixtures";
import { at, m } from "./support/messages";

test("privacy settings: the owner shortens retention, turns recording off and the birth-date check on; a value out of bounds is refused, in the server's words, under its field", async ({
  page,
}) => {
  await newOwner(page);
  await openDashboard(page, "en", "/dashboard/privacy");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(m("en", "PrivacySection.title"));
  const days = page.getByLabel(m("en", "PrivacySection.retentionLabel"));
  await expect(days).toHaveValue("90");
  await days.fill("3");
  await page.getByRole("button", { name: m("en", "PrivacySection.save"), exact: true }).click();
  await expect(page.locator("#privacy-retention-error")).toHaveText(m("en", "Validation.retentionRange"));
  await expect(page.getByTestId("privacy-error")).toHaveCount(0);
  await days.fill("30");
  await page.getByLabel(m("en", "PrivacySection.recordingLabel")).uncheck();
  await expect(page.getByLabel(m("en", "PrivacySection.birthDateLabel"))).not.toBeChecked();
  await page.getByLabel(m("en", "PrivacySection.birthDateLabel")).check();
  await page.getByRole("button", { name: m("en", "PrivacySection.save"), exact: true }).click();
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: m("en", "PrivacySection.saved") })).toBeVisible();
  await page.reload();
  await expect(page.getByLabel(m("en", "PrivacySection.retentionLabel"))).toHaveValue("30");
  await expect(page.getByLabel(m("en", "PrivacySection.recordingLabel"))).not.toBeChecked();
  await expect(page.getByLabel(m("en", "PrivacySection.birthDateLabel"))).toBeChecked();
  await expectNoSeriousA11yViolations(page);
});

test("erasing a caller removes their appointment from the owner's list", async ({ page }) => {
  const owner = await newOwner(page);
  const day = new Date(Date.now() + 4 * 86_400_000).toISOString().slice(0, 10);
  const auth = { authorization: `Bearer ${owner.token}` };
  for (const [patientName, patientPhone] of [
    ["Alice Forget", "+33 6 11 22 33 44"],
    ["Bruno Keep", "+33 6 99 88 77 66"],
  ] as const) {
    const res = await page.request.post("/api/appointments", {
      headers: auth,
      data: { patientName, patientPhone, date: day, time: patientName.startsWith("A") ? "10:00" : "11:00", duration: 30 },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
  await openDashboard(page, "en", "/dashboard/privacy");
  await page.getByLabel(m("en", "PrivacySection.callerPhone")).fill("+33611223344");
  await page.getByRole("button", { name: m("en", "PrivacySection.eraseCaller"), exact: true }).click();
  const dialog = page.getByRole("dialog", { name: m("en", "PrivacySection.eraseCallerConfirmTitle", { phone: "+33611223344" }) });
  await dialog.getByRole("button", { name: m("en", "PrivacySection.eraseCallerConfirm"), exact: true }).click();
  await expect(page.getByTestId("erase-caller-result")).toHaveText(m("en", "Api.callerErased"));
  await openDashboard(page, "en", "/dashboard/appointments");
  await expect(page.locator("p", { hasText: "Bruno Keep" })).toBeVisible();
  await expect(page.getByText("Alice Forget")).toHaveCount(0);
});

test("deleting the account: a wrong password is refused, the right one erases everything and frees the number", async ({
  page,
  browser,
}) => {
  const owner = await newOwner(page, { tag: "erase" });
  const auth = { authorization: `Bearer ${owner.token}` };
  expect((await page.request.post("/api/google-calendar/authorize", { headers: auth, data: { code: "sandbox-test-code" } })).status()).toBe(
    200,
  );
  expect((await page.request.post("/api/subscription/start-trial", { headers: auth })).status()).toBe(200);
  const claim = await page.request.get("/api/phone-numbers/claim", { headers: auth });
  expect(claim.status(), await claim.text()).toBe(200);
  const { phoneNumber } = (await claim.json()) as { phoneNumber: string };

  await openDashboard(page, "en", "/dashboard/privacy");
  const remove = page.getByRole("button", { name: m("en", "PrivacySection.deleteAccount"), exact: true });
  const confirmDialog = page.getByRole("dialog", { name: m("en", "PrivacySection.deleteConfirmTitle") });
  await page.getByLabel(m("en", "PrivacySection.deletePassword")).fill("not-the-password-1");
  await remove.click();
  await confirmDialog.getByRole("button", { name: m("en", "PrivacySection.deleteConfirm"), exact: true }).click();
  await expect(page.getByTestId("delete-account-error")).toHaveText(m("en", "Api.currentPasswordIncorrect"));

  await page.getByLabel(m("en", "PrivacySection.deletePassword")).fill(owner.password);
  await remove.click();
  await confirmDialog.getByRole("button", { name: m("en", "PrivacySection.deleteConfirm"), exact: true }).click();
  await expect(page).toHaveURL(/\/login\?deleted=true$/);
  await expect(page.getByTestId("account-deleted")).toHaveText(m("en", "LoginPage.accountDeleted"));

  expect((await page.request.get("/api/auth/profile", { headers: auth })).status()).toBe(401);
  expect((await page.request.post("/api/auth/login", { data: { email: owner.email, password: owner.password } })).status()).toBe(401);
  await page.goto(at("en", "/dashboard/profile"));
  await expect(page).toHaveURL(/\/login/);
  // The number is free again for the next business.
  const adminPage = await browser.newPage();
  const { admin } = fixtures();
  const { token } = await signIn(adminPage, admin.email, admin.password);
  const available = await adminPage.request.get("/api/admin/phone-numbers/available", { headers: { authorization: `Bearer ${token}` } });
  expect(((await available.json()) as { phoneNumbers: { phoneNumber: string }[] }).phoneNumbers.map((n) => n.phoneNumber)).toContain(
    phoneNumber,
  );
  await adminPage.close();
});
