// Account setup from the emailed link: five steps to the dashboard in each language (the password at the link, the rest
// signed in at /dashboard/setup, where a setup left half-way resumes), the dead-link screens, and the two previews that
// must not write anything.
import { expect, test, type Page, type Request } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { fixtures } from "./support/fixtures";
import { expectNoEnglish } from "./support/i18n";
import { at, LOCALES, m, type Locale } from "./support/messages";

async function checkPage(page: Page, locale: Locale) {
  if (locale !== "en") await expectNoEnglish(page, locale);
  await expectNoSeriousA11yViolations(page);
}

// The owner's device is in Madrid: the time zone the setup proposes, never takes silently.
test.use({ timezoneId: "Europe/Madrid" });

for (const locale of LOCALES) {
  test(`a new customer sets up the account in five steps, leaves half-way, resumes and reaches the dashboard (${locale})`, async ({
    page,
  }) => {
    const token = fixtures().setupTokens[locale];
    const t = (key: string, params?: Record<string, string | number>) => m(locale, key, params);
    const step = page.getByTestId("setup-step");
    const cont = page.getByRole("button", { name: t("SetupPage.continue") });
    await page.goto(at(locale, `/setup-account/${token}`));
    // A task in progress: the header offers no sign-in or trial beside the form.
    await expect(page.locator("header").getByRole("link", { name: t("SiteHeader.signIn") })).toHaveCount(0);

    // 1. Set Password
    await expect(step).toHaveText(t("SetupPage.stepOf", { current: 1, total: 5 }));
    await expect(page.getByRole("heading", { level: 2, name: t("SetupPage.steps.password") })).toBeVisible();
    await cont.click();
    await expect(page.getByText(t("Validation.passwordRequired"))).toBeVisible();
    await page.getByLabel(t("Fields.password"), { exact: true }).fill("setup-pass-123");
    await page.getByLabel(t("RegisterPage.confirmPassword")).fill("setup-pass-124");
    await cont.click();
    await expect(page.getByText(t("Validation.passwordsMismatch"))).toBeVisible();
    await checkPage(page, locale);
    await page.getByLabel(t("RegisterPage.confirmPassword")).fill("setup-pass-123");
    await cont.click();

    // 2. Your Information, signed in now: the email is read-only, the full name required, the time zone proposed.
    await page.waitForURL(new RegExp(`${at(locale, "/dashboard/setup")}$`));
    await expect(step).toHaveText(t("SetupPage.stepOf", { current: 2, total: 5 }));
    await expect(page.getByLabel(t("Fields.timeZone"))).toHaveValue("Europe/Madrid");
    await expect(page.getByLabel(t("Fields.email"))).toHaveValue(`setup-${locale}@e2e.test`);
    await expect(page.getByLabel(t("Fields.email"))).toHaveAttribute("readonly", "");
    await page.getByLabel(t("Fields.fullName")).fill("");
    await cont.click();
    await expect(page.getByText(t("Validation.fullNameRequired"))).toBeVisible();
    await page.getByLabel(t("Fields.fullName")).fill("Lucía Fernández");
    await page.getByLabel(t("Fields.businessName")).fill(`Clinic ${locale}`);
    await page.getByLabel(t("Fields.businessType")).selectOption("dental");
    await page.getByLabel(t("Fields.services")).fill("Cleaning, Whitening");
    await checkPage(page, locale);
    await cont.click();
    await expect(step).toHaveText(t("SetupPage.stepOf", { current: 3, total: 5 }));

    // Left half-way: the dashboard's checklist shows what is done and what is missing...
    await page.goto(at(locale, "/dashboard/profile"));
    const checklist = page.getByTestId("getting-started");
    await expect(checklist).toBeVisible();
    await expect(checklist.getByTestId("getting-started-information")).toHaveAttribute("data-done", "true");
    await expect(checklist.getByTestId("getting-started-plan")).toHaveAttribute("data-done", "true");
    await expect(checklist.getByTestId("getting-started-calendar")).toHaveAttribute("data-done", "false");
    await checkPage(page, locale);
    // ...and the emailed link, opened again, resumes where it stopped (the password stays set).
    await page.goto(at(locale, `/setup-account/${token}`));
    await page.waitForURL(new RegExp(`${at(locale, "/dashboard/setup")}$`));

    // 3. Working Hours: open on Saturday morning.
    await expect(step).toHaveText(t("SetupPage.stepOf", { current: 3, total: 5 }));
    const saturday = page.getByRole("group", { name: t("Fields.saturday") });
    await saturday.getByRole("checkbox").check();
    await saturday.getByLabel(`${t("Fields.saturday")} ${t("WorkingHoursFields.closes")}`).fill("12:00");
    await checkPage(page, locale);
    const [hoursSaved] = await Promise.all([page.waitForRequest((r) => r.url().endsWith("/api/auth/update-working-hours")), cont.click()]);
    // In setup a closed day is null and an open day only {openTime, closeTime}.
    expect(hoursSaved.postDataJSON()).toEqual({
      workingHours: {
        monday: { openTime: "09:00", closeTime: "17:00" },
        tuesday: { openTime: "09:00", closeTime: "17:00" },
        wednesday: { openTime: "09:00", closeTime: "17:00" },
        thursday: { openTime: "09:00", closeTime: "17:00" },
        friday: { openTime: "09:00", closeTime: "17:00" },
        saturday: { openTime: "09:00", closeTime: "12:00" },
        sunday: null,
      },
    });

    // 4. The calendar: Google, Outlook or CalDAV, as on the Calendar page; no way forward until one is connected.
    await expect(step).toHaveText(t("SetupPage.stepOf", { current: 4, total: 5 }));
    await expect(page.getByTestId("setup-calendar-choices").getByRole("button")).toHaveText([
      t("SetupPage.connect"),
      t("CalendarSection.connectMicrosoft"),
      t("CalendarSection.connectCaldav"),
    ]);
    await cont.click();
    await expect(page.getByText(t("SetupPage.calendarRequiredToContinue"))).toBeVisible();
    await expect(step).toHaveText(t("SetupPage.stepOf", { current: 4, total: 5 }));
    await page.getByRole("button", { name: t("SetupPage.connect") }).click();
    await expect(page.getByTestId("calendar-connected")).toHaveText(t("SetupPage.connected"));
    await checkPage(page, locale);
    await cont.click();

    // 5. Phone Number, then Setup Complete and the countdown to the dashboard.
    await expect(step).toHaveText(t("SetupPage.stepOf", { current: 5, total: 5 }));
    await page.getByRole("button", { name: t("SetupPage.claim") }).click();
    await expect(page.getByRole("heading", { name: t("SetupPage.completeTitle") })).toBeVisible();
    await expect(page.getByText(t("SetupPage.completeText"))).toBeVisible();
    // Shown in international form ("+34 910 12 34 56"); stored in E.164.
    const number = (await page.getByTestId("claimed-number").innerText()).replace(/[^\d+]/g, "");
    await checkPage(page, locale);
    await page.waitForURL(new RegExp(`${at(locale, "/dashboard")}(/.*)?$`), { timeout: 12_000 });

    const profile = await (await page.request.get("/api/auth/profile")).json();
    expect(profile).toMatchObject({
      fullName: "Lucía Fernández",
      businessName: `Clinic ${locale}`,
      businessType: "dental",
      services: ["Cleaning", "Whitening"],
      hasGoogleOAuth: true,
      telnyxPhoneNumber: number,
    });
    expect(profile.workingHours.saturday).toEqual({ isOpen: true, openTime: "09:00", closeTime: "12:00" });

    expect(profile.timeZone).toBe("Europe/Madrid");
    // Calls are answered now: no checklist any more.
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByTestId("getting-started")).toHaveCount(0);

    // The link was single-use: in another browser it says so and asks to sign in.
    const stranger = await page.context().browser()!.newPage();
    await stranger.goto(at(locale, `/setup-account/${token}`));
    await expect(stranger.getByTestId("setup-problem")).toHaveText(t("SetupPage.linkUsed"));
    await stranger.getByRole("link", { name: t("SetupPage.signIn") }).click();
    await expect(stranger).toHaveURL(new RegExp(`${at(locale, "/login")}$`));
    await stranger.close();
  });
}

test("a missing, unknown or expired setup link says so and leads back to sign-in", async ({ page }) => {
  await page.goto("/setup-account");
  await expect(page.getByTestId("setup-problem")).toHaveText("No token provided");
  await page.goto("/setup-account/not-a-real-token");
  await expect(page.getByTestId("setup-problem")).toHaveText("Invalid or expired token");
  await page.goto(`/es/setup-account/${fixtures().expiredSetupToken}`);
  await expect(page.getByTestId("setup-problem")).toHaveText(m("es", "SetupPage.invalidToken"));
  await checkPage(page, "es");
  await page.getByRole("link", { name: m("es", "Common.backToLogin") }).click();
  await expect(page).toHaveURL(/\/es\/login$/);
});

for (const [path, total] of [
  ["/setup-account-preview", 5],
  ["/setup-account-preview2", 4],
] as const) {
  test(`${path} walks every step in PREVIEW MODE without a single write`, async ({ page }) => {
    const writes: Request[] = [];
    page.on("request", (r) => {
      const url = new URL(r.url());
      // Anything but a read counts, and so does the claim, which is a GET that writes.
      if (r.method() !== "GET" || url.pathname.startsWith("/api/phone-numbers/claim")) writes.push(r);
    });
    await page.goto(path);
    await expect(page.getByTestId("preview-banner")).toContainText("PREVIEW MODE");
    const step = page.getByTestId("setup-step");
    const cont = page.getByRole("button", { name: "Continue" });

    await expect(step).toHaveText(`Step 1 of ${total}`);
    await page.getByLabel("Password", { exact: true }).fill("preview-pass-1");
    await page.getByLabel("Confirm password").fill("preview-pass-1");
    await cont.click();
    await expect(step).toHaveText(`Step 2 of ${total}`);
    await page.getByLabel("Full name").fill("Preview Person");
    if (total === 4) await expect(page.getByRole("group", { name: "Monday" })).toBeVisible(); // hours beside the information
    await cont.click();
    if (total === 5) {
      await expect(step).toHaveText("Step 3 of 5");
      await cont.click();
    }
    await expect(step).toHaveText(`Step ${total - 1} of ${total}`);
    await page.getByRole("button", { name: "Connect Google Calendar" }).click();
    await expect(page.getByTestId("calendar-connected")).toBeVisible();
    await cont.click();
    await expect(step).toHaveText(`Step ${total} of ${total}`);
    await page.getByRole("button", { name: "Claim my phone number" }).click();
    await expect(page.getByRole("heading", { name: "Setup Complete" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    expect(writes.map((r) => `${r.method()} ${r.url()}`)).toEqual([]);
  });
}

test("a step shown before its script has loaded waits for it, greyed out: nothing typed is lost, nothing is posted", async ({ page }) => {
  // A slow connection: every script arrives a second and a half after the page.
  await page.route("**/_next/static/chunks/**", async (route) => {
    await new Promise((r) => setTimeout(r, 1500));
    await route.continue();
  });
  const posts: string[] = [];
  page.on("request", (r) => r.method() !== "GET" && posts.push(r.url()));
  await page.goto("/setup-account-preview2", { waitUntil: "commit" });
  const password = page.getByLabel("Password", { exact: true });
  const cont = page.getByRole("button", { name: "Continue" });
  // The server's HTML is on screen, and its form cannot be used yet.
  await expect(cont).toBeDisabled();
  await expect(password).toBeDisabled();
  // Once the script runs, the same form works.
  await expect(cont).toBeEnabled({ timeout: 30_000 });
  await password.fill("preview-pass-1");
  await page.getByLabel("Confirm password").fill("preview-pass-1");
  await cont.click();
  await expect(page.getByTestId("setup-step")).toHaveText("Step 2 of 4");
  expect(posts).toEqual([]);
});
