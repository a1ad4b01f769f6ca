// The commercial path offline, in real Chromium: a visitor starts the trial, pays on the sandbox checkout (which sends
// signed Stripe events to our own webhook), lands on the thank-you page, gets the setup email (read, as an admin
// would, from the sandbox outbox), sets the account up from the link, claims a number and sees "Trial Active"; then
// cancels in the sandbox portal and sees the lapsed state.
import { expect, test, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { uniqueEmail } from "./support/dashboard";
import { fixtures } from "./support/fixtures";
import { expectNoEnglish } from "./support/i18n";
import { at, m } from "./support/messages";

const en = (key: string, params: Record<string, string | number> = {}) => m("en", key, params);

/** The setup link of the email sent to `email`, as the admin outbox shows it (waits for the job to send it). */
async function setupLinkFromOutbox(admin: Page, email: string): Promise<string> {
  const { admin: creds } = fixtures();
  expect((await admin.request.post("/api/auth/login", { data: { email: creds.email, password: creds.password } })).status()).toBe(200);
  await expect
    .poll(
      async () => {
        const res = await admin.request.get(`/api/admin/outbox?q=${encodeURIComponent(email)}`);
        return ((await res.json()).messages as unknown[]).length;
      },
      { timeout: 15_000 },
    )
    .toBeGreaterThan(0);
  await admin.goto("/dashboard/admin/outbox");
  await expect(admin.locator("html[data-dashboard-ready]")).toBeAttached();
  await admin.getByRole("searchbox").fill(email);
  const message = admin.getByTestId("outbox-message");
  await expect(message).toHaveCount(1);
  await expect(message.getByTestId("outbox-subject")).toHaveText(en("Notifications.account.setup.subject"));
  await message.getByText(en("OutboxSection.showMessage")).click();
  const link = message.getByRole("link", { name: /\/setup-account\// });
  await expect(link).toHaveCount(1);
  return (await link.getAttribute("href"))!;
}

test("visitor → trial → sandbox checkout → thank-you → setup email → setup → Trial Active; cancel in the portal → lapsed", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail("payer");

  // The landing page's Start free trial opens the checkout in the same tab.
  await page.goto("/");
  await page.getByTestId("pricing-cta").click();
  await page.waitForURL(/\/sandbox\/checkout/);
  const checkout = page;
  expect(new URL(checkout.url()).pathname).toBe("/sandbox/checkout");
  await expect(checkout.getByTestId("sandbox-plan")).toContainText("7");
  await expectNoSeriousA11yViolations(checkout);

  // A wrong address is refused under the field, in the route's own words; then the payment.
  await checkout.getByLabel(en("SandboxCheckout.emailLabel")).fill("not-an-email");
  await checkout.getByTestId("sandbox-pay").click();
  await expect(checkout.locator("#sandbox-checkout-email-error")).toHaveText(en("Validation.emailInvalid"));
  await checkout.getByLabel(en("SandboxCheckout.emailLabel")).fill(email);
  await checkout.getByTestId("sandbox-pay").click();

  // Thank-you: what really happened (a trial, nothing charged; no "payment successful"), and the address the setup email
  // went to, since the payment created the account.
  await expect(checkout).toHaveURL(/\/thankyou\?session_id=cs_sandbox_/);
  const thankYouPath = new URL(checkout.url()).pathname + new URL(checkout.url()).search;
  await expect(checkout.getByRole("heading", { level: 1 })).toHaveText(en("ThankYouPage.trialTitle"));
  await expect(checkout.getByTestId("thankyou-plan")).toHaveAttribute("data-plan", "trial");
  await expect(checkout.getByTestId("thankyou-plan")).toContainText("Nothing has been charged.");
  await expect(checkout.getByText(en("ThankYouPage.title"))).toHaveCount(0);
  await expect(checkout.getByTestId("thankyou-next")).toHaveText(en("ThankYouPage.checkEmailTo", { email }));
  // Sandbox mode: where the email can be read, and its link at hand (the page refreshes until the email is written).
  const sandboxMail = checkout.getByTestId("thankyou-sandbox-mail");
  await expect(sandboxMail).toContainText(en("ThankYouPage.sandboxMail"));
  const openLink = sandboxMail.getByRole("link", { name: en("ThankYouPage.openSetupLink") });
  await expect(openLink).toBeVisible({ timeout: 20_000 });

  // The setup email, from the sandbox outbox.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  const link = await setupLinkFromOutbox(admin, email);
  await adminContext.close();
  const setupUrl = new URL(link);
  expect(setupUrl.pathname).toMatch(/^\/setup-account\/[A-Za-z0-9_-]+$/);
  expect(await openLink.getAttribute("href")).toBe(link);

  // Setup from the link: password, information, hours, calendar, number.
  await checkout.goto(setupUrl.pathname);
  const cont = checkout.getByRole("button", { name: en("SetupPage.continue") });
  await checkout.getByLabel(en("Fields.password"), { exact: true }).fill("paid-and-ready-1");
  await checkout.getByLabel(en("RegisterPage.confirmPassword")).fill("paid-and-ready-1");
  await cont.click();
  await expect(checkout.getByLabel(en("Fields.email"))).toHaveValue(email);
  await checkout.getByLabel(en("Fields.fullName")).fill("Dr. Paula Payer");
  await checkout.getByLabel(en("Fields.businessName")).fill("Payer Dental");
  await cont.click();
  await expect(checkout.getByTestId("setup-step")).toHaveText(en("SetupPage.stepOf", { current: 3, total: 5 }));
  await cont.click();
  await checkout.getByRole("button", { name: en("SetupPage.connect") }).click();
  await expect(checkout.getByTestId("calendar-connected")).toHaveText(en("SetupPage.connected"));
  await cont.click();
  await checkout.getByRole("button", { name: en("SetupPage.claim") }).click();
  await expect(checkout.getByTestId("claimed-number")).toHaveText(/^\+1/);
  await checkout.waitForURL(/\/dashboard(\/.*)?$/, { timeout: 15_000 });

  // The subscription the payment started.
  await checkout.goto("/dashboard/subscription");
  await expect(checkout.getByTestId("subscription-badge")).toHaveText(en("SubscriptionSection.trialActive"));
  await expect(checkout.getByTestId("subscription-trial")).toBeVisible();

  // Signed out, the thank-you page of that checkout now says the account is ready (the server knows it was set up); a
  // checkout it has not heard of yet is "confirming".
  const visitor = await browser.newContext();
  const thanks = await visitor.newPage();
  await thanks.goto(new URL(thankYouPath, checkout.url()).toString());
  await expect(thanks.getByTestId("thankyou-next")).toHaveText(en("ThankYouPage.accountReady"));
  await expect(thanks.locator("#main").getByRole("link", { name: en("ThankYouPage.signIn") })).toHaveAttribute("href", "/login");
  await thanks.goto(new URL("/thankyou?session_id=cs_not_yet_known", checkout.url()).toString());
  await expect(thanks.getByTestId("thankyou-next")).toHaveAttribute("data-state", "confirming");
  await visitor.close();

  // Manage Subscription → the sandbox portal, in the same tab → cancel.
  await checkout.getByRole("link", { name: new RegExp(en("SubscriptionSection.manage")) }).click();
  await checkout.waitForURL(/\/sandbox\/portal/);
  const portal = checkout;
  expect(new URL(portal.url()).pathname).toBe("/sandbox/portal");
  await portal.getByTestId("sandbox-cancel").click();
  await portal.getByTestId("confirm-action").click();
  await expect(portal.getByTestId("sandbox-cancelled")).toHaveText(en("SandboxPortal.cancelled"));
  const ended = new RegExp(
    `^${en("SandboxPortal.status.ended")
      .replace(/[.*+?^${}()|[\]\\]/g, "\\$&")
      .replace("\\{date\\}", ".+")}$`,
  );
  await expect(portal.getByTestId("portal-status")).toHaveText(ended);

  await checkout.goto("/dashboard/subscription");
  await expect(checkout.getByTestId("subscription-lapsed")).toBeVisible();
  await expect(checkout.getByTestId("subscription-badge")).toHaveText(en("SubscriptionSection.inactive"));
  // The number stays the owner's through the grace period.
  const profile = await (await checkout.request.get("/api/auth/profile")).json();
  expect(profile.telnyxPhoneNumber).toMatch(/^\+1/);
});

test("the sandbox checkout and thank-you page in French say nothing in English", async ({ page }) => {
  const email = uniqueEmail("payeur");
  await page.goto(at("fr", "/sandbox/checkout") + `?prefilled_email=${encodeURIComponent(email)}`);
  await expect(page.getByLabel(m("fr", "SandboxCheckout.emailLabel"))).toHaveValue(email);
  await expectNoEnglish(page, "fr");
  await page.getByTestId("sandbox-pay").click();
  await expect(page).toHaveURL(/\/fr\/thankyou\?session_id=cs_sandbox_/);
  await expect(page.getByTestId("thankyou-next")).toHaveText(m("fr", "ThankYouPage.checkEmailTo", { email }));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(m("fr", "ThankYouPage.trialTitle"));
  await expectNoEnglish(page, "fr");
  await expectNoSeriousA11yViolations(page);
});
