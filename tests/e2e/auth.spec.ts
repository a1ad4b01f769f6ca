// Registration and sign-in as a new customer meets them, in each language.
import { expect, test, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { expectNoEnglish } from "./support/i18n";
import { at, LOCALES, m, type Locale } from "./support/messages";

const unique = (tag: string) => `${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@e2e.test`;

async function registerThroughApi(page: Page, email: string, fullName = "Dr. Inès Moreau", locale: Locale = "en") {
  // page.request shares the browser's cookie jar: the session cookie the API sets signs this browser in.
  const res = await page.request.post("/api/auth/register", { data: { email, password: "correct-horse-9", fullName, locale } });
  expect(res.status()).toBe(201);
}

// Each visitor's device is in their country: the time zone registration proposes (and the number's country).
const DEVICE_ZONE: Record<Locale, string> = { en: "America/New_York", fr: "Europe/Paris", es: "Europe/Madrid" };

for (const locale of LOCALES) {
  test.describe(() => {
    test.use({ timezoneId: DEVICE_ZONE[locale] });
    test(`a visitor registers in four steps, then gets the calendar and number steps every new account gets (${locale})`, async ({
      page,
    }) => {
      const email = unique(`register-${locale}`);
      const registerCalls: string[] = [];
      page.on("request", (r) => {
        if (new URL(r.url()).pathname === "/api/auth/register") registerCalls.push(r.method());
      });
      const check = async () => {
        if (locale !== "en") await expectNoEnglish(page, locale);
        await expectNoSeriousA11yViolations(page);
      };
      await page.goto(at(locale, "/"));
      await page
        .locator("header")
        .getByRole("link", { name: m(locale, "SiteHeader.signIn") })
        .first()
        .click();
      await page.getByRole("link", { name: m(locale, "LoginPage.register") }).click();
      await expect(page).toHaveURL(new RegExp(`${at(locale, "/register")}$`));

      // Step 1: personal info. "Next" checks this step only, with the validation messages in the page's language.
      await expect(page.getByTestId("register-step")).toHaveText(m(locale, "RegisterPage.stepOf", { current: 1, total: 4 }));
      await page.getByRole("button", { name: m(locale, "RegisterPage.next") }).click();
      await expect(page.getByText(m(locale, "Validation.fullNameRequired"))).toBeVisible();
      await expect(page.getByText(m(locale, "Validation.passwordRequired"))).toBeVisible();
      await check();
      await page.getByLabel(m(locale, "Fields.fullName")).fill("Dr. Inès Moreau");
      await page.getByLabel(m(locale, "Fields.email")).fill(email);
      await page.getByLabel(m(locale, "Fields.password"), { exact: true }).fill("short");
      await page.getByLabel(m(locale, "RegisterPage.confirmPassword")).fill("different");
      await page.getByRole("button", { name: m(locale, "RegisterPage.next") }).click();
      await expect(page.getByText(m(locale, "Validation.passwordMin"))).toBeVisible();
      await page.getByLabel(m(locale, "Fields.password"), { exact: true }).fill("correct-horse-9");
      await page.getByRole("button", { name: m(locale, "RegisterPage.next") }).click();
      await expect(page.getByText(m(locale, "Validation.passwordsMismatch"))).toBeVisible();
      await page.getByLabel(m(locale, "RegisterPage.confirmPassword")).fill("correct-horse-9");
      await page.getByRole("button", { name: m(locale, "RegisterPage.next") }).click();

      // Step 2: business info. The specialty appears only for a medical business.
      await expect(page.getByTestId("register-step")).toHaveText(m(locale, "RegisterPage.stepOf", { current: 2, total: 4 }));
      await page.getByLabel(m(locale, "Fields.businessName")).fill("Cabinet Moreau");
      await expect(page.getByLabel(m(locale, "Fields.specialty"))).toHaveCount(0);
      await page.getByLabel(m(locale, "Fields.businessType")).selectOption("medical");
      await page.getByLabel(m(locale, "Fields.specialty")).selectOption("pediatrics");
      await page.getByLabel(m(locale, "Fields.businessSize")).selectOption("small");
      await check();
      await page.getByRole("button", { name: m(locale, "RegisterPage.next") }).click();

      // Step 3: scheduling. Back keeps what was typed.
      await expect(page.getByTestId("register-step")).toHaveText(m(locale, "RegisterPage.stepOf", { current: 3, total: 4 }));
      await page.getByRole("button", { name: m(locale, "RegisterPage.back") }).click();
      await expect(page.getByLabel(m(locale, "Fields.businessName"))).toHaveValue("Cabinet Moreau");
      await page.getByRole("button", { name: m(locale, "RegisterPage.next") }).click();
      // The time zone is asked, the device's proposed.
      await expect(page.getByLabel(m(locale, "Fields.timeZone"))).toHaveValue(DEVICE_ZONE[locale]);
      await page.getByLabel(m(locale, "Fields.appointmentDuration")).selectOption("45");
      await page.getByLabel(m(locale, "Fields.services")).fill(" Vaccination, , Check-up ,");
      await check();
      await page.getByRole("button", { name: m(locale, "RegisterPage.next") }).click();

      // Step 4: AI setup, and only now the request.
      await expect(page.getByTestId("register-step")).toHaveText(m(locale, "RegisterPage.stepOf", { current: 4, total: 4 }));
      await page.getByLabel(m(locale, "Fields.aiInstructions")).fill("Fever in infants: first free slot.");
      await check();
      expect(registerCalls).toEqual([]); // nothing was sent before the last step
      const [response] = await Promise.all([
        page.waitForResponse((r) => r.url().endsWith("/api/auth/register")),
        page.getByRole("button", { name: m(locale, "RegisterPage.submit") }).click(),
      ]);
      const sent = response.request().postDataJSON() as Record<string, unknown>;
      expect(sent).toMatchObject({
        email,
        fullName: "Dr. Inès Moreau",
        businessType: "medical",
        specialty: "pediatrics",
        appointmentDuration: "45",
        services: ["Vaccination", "Check-up"],
      });
      expect(sent).not.toHaveProperty("confirmPassword");
      expect(sent).toMatchObject({ locale, timeZone: DEVICE_ZONE[locale] });
      expect(response.status()).toBe(201);

      await expect(page.getByRole("heading", { name: m(locale, "RegisterPage.successTitle") })).toBeVisible();
      await expect(page.getByTestId("countdown")).toContainText("5");
      // The same steps as an account a checkout made: what registration covered is ticked, the calendar is next.
      await page.waitForURL(new RegExp(`${at(locale, "/dashboard/setup")}$`), { timeout: 12_000 });
      // Signed in by the httpOnly cookie the answer set: no copy of the session in storage.
      expect(await page.evaluate(() => [localStorage.getItem("token"), localStorage.getItem("user")])).toEqual([null, null]);
      const step = page.getByTestId("setup-step");
      await expect(step).toHaveText(m(locale, "SetupPage.stepOf", { current: 4, total: 5 }));
      await check();
      await page.getByRole("button", { name: m(locale, "SetupPage.connect") }).click();
      await expect(page.getByTestId("calendar-connected")).toBeVisible();
      await page.getByRole("button", { name: m(locale, "SetupPage.continue") }).click();
      // No plan yet: the number step starts the free trial (no card) with it.
      await expect(step).toHaveText(m(locale, "SetupPage.stepOf", { current: 5, total: 5 }));
      await expect(page.getByText(m(locale, "SetupPage.phoneLeadTrial"))).toBeVisible();
      await page.getByRole("button", { name: m(locale, "SetupPage.startTrialAndClaim") }).click();
      await expect(page.getByRole("heading", { name: m(locale, "SetupPage.completeTitle") })).toBeVisible();
      await page.waitForURL(new RegExp(`${at(locale, "/dashboard")}(/.*)?$`), { timeout: 12_000 });
      const profile = await (await page.request.get("/api/auth/profile")).json();
      expect(profile).toMatchObject({
        email,
        specialty: "pediatrics",
        services: ["Vaccination", "Check-up"],
        timeZone: DEVICE_ZONE[locale],
        hasGoogleOAuth: true,
        subscriptionType: "trial",
      });
      expect(profile.telnyxPhoneNumber).toBeTruthy();
    });
  });
}

test("registration shows the server's message when the email is taken", async ({ page, browser }) => {
  const email = unique("taken");
  const other = await browser.newPage({ baseURL: test.info().project.use.baseURL });
  await registerThroughApi(other, email);
  await other.close();

  await page.goto("/fr/register");
  await page.getByLabel(m("fr", "Fields.fullName")).fill("Paul Durand");
  await page.getByLabel(m("fr", "Fields.email")).fill(email);
  await page.getByLabel(m("fr", "Fields.password"), { exact: true }).fill("correct-horse-9");
  await page.getByLabel(m("fr", "RegisterPage.confirmPassword")).fill("correct-horse-9");
  // A double click on "Next" moves one step, not two (the second click must not validate and skip a step).
  await page.getByRole("button", { name: m("fr", "RegisterPage.next") }).dblclick();
  await expect(page.getByTestId("register-step")).toHaveText(m("fr", "RegisterPage.stepOf", { current: 2, total: 4 }));
  await expect(page.getByLabel(m("fr", "Fields.businessName"))).toBeVisible();
  for (let step = 3; step <= 4; step++) {
    await page.getByRole("button", { name: m("fr", "RegisterPage.next") }).click();
    await expect(page.getByTestId("register-step")).toHaveText(m("fr", "RegisterPage.stepOf", { current: step, total: 4 }));
  }
  const [request] = await Promise.all([
    page.waitForRequest((r) => r.url().endsWith("/api/auth/register")),
    page.getByRole("button", { name: m("fr", "RegisterPage.submit") }).click(),
  ]);
  await expect(page.getByTestId("register-error")).toHaveText(m("fr", "Api.registrationRefused"));
  // No business type chosen: no specialty in the payload, and the default hours (Mon–Fri 09:00–17:00).
  const sent = request.postDataJSON();
  expect(sent).not.toHaveProperty("specialty");
  expect(sent.workingHours.monday).toEqual({ isOpen: true, openTime: "09:00", closeTime: "17:00" });
  expect(sent.workingHours.sunday).toEqual({ isOpen: false, openTime: "09:00", closeTime: "17:00" });
});

for (const locale of LOCALES) {
  test(`sign-in: a wrong password is refused, the right one opens the dashboard (${locale})`, async ({ page, browser }) => {
    const email = unique(`login-${locale}`);
    const other = await browser.newPage({ baseURL: test.info().project.use.baseURL });
    // An account in this language: the dashboard opens in the account's language, whatever the sign-in page's.
    await registerThroughApi(other, email, undefined, locale);
    await other.close();

    await page.goto(at(locale, "/login"));
    await page.getByRole("button", { name: m(locale, "LoginPage.submit") }).click();
    await expect(page.getByText(m(locale, "Validation.required", { field: m(locale, "Fields.email") }))).toBeVisible();
    await expect(page.getByLabel(m(locale, "Fields.email"))).toHaveAttribute("type", "email");
    if (locale !== "en") await expectNoEnglish(page, locale);
    await expectNoSeriousA11yViolations(page);

    await page.getByLabel(m(locale, "Fields.email")).fill(email);
    await page.getByLabel(m(locale, "Fields.password")).fill("not-the-password");
    await page.getByRole("button", { name: m(locale, "LoginPage.submit") }).click();
    await expect(page.getByTestId("login-error")).toHaveText(m(locale, "LoginPage.failed"));

    await page.getByLabel(m(locale, "Fields.password")).fill("correct-horse-9");
    await page.getByRole("button", { name: m(locale, "LoginPage.submit") }).click();
    await page.waitForURL(new RegExp(`${at(locale, "/dashboard")}(/.*)?$`));
    // The header's name comes from the server; the browser keeps nothing of the session a script could read.
    expect(await page.evaluate(() => [localStorage.getItem("token"), localStorage.getItem("user")])).toEqual([null, null]);
  });
}

test("the login failure message is the spec's, word for word", async ({ page }) => {
  await page.goto("/login");
  await page.getByLabel("Email").fill(unique("nobody"));
  await page.getByLabel("Password").fill("whatever-123");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByTestId("login-error")).toHaveText("Login failed. Please check your credentials.");
});

test("the session-expired message shows for ?expired=true and for the session-storage flag", async ({ page }) => {
  await page.goto("/login?expired=true");
  await expect(page.getByTestId("session-expired")).toHaveText("Your session has expired. Please sign in again.");
  await page.goto("/es/login");
  // Set once this page has read its flags: set earlier, this load would take it and the reload would find none.
  await expect(page.locator("html[data-login-ready]")).toBeAttached();
  await expect(page.getByTestId("session-expired")).toHaveCount(0);
  await page.evaluate(() => sessionStorage.setItem("tokenExpired", "true"));
  await page.reload();
  await expect(page.getByTestId("session-expired")).toHaveText(m("es", "LoginPage.expired"));
});

test("a signed-in user sees their name in the header, is sent from /login to the dashboard, and signs out to /", async ({ page }) => {
  const email = unique("header");
  await registerThroughApi(page, email, "Camille Laurent");
  await page.goto("/");
  await expect(page.getByTestId("header-user-name").first()).toHaveText("Camille Laurent");
  await expect(page.locator("header").getByRole("link", { name: "Settings" }).first()).toHaveAttribute("href", "/dashboard");

  await page.goto("/login");
  await expect(page).toHaveURL(/\/dashboard(\/.*)?$/);

  await page.goto("/");
  await page.locator("header").getByRole("button", { name: "Sign out" }).first().click();
  await page.waitForURL((url) => url.pathname === "/");
  await expect(page.locator("header").getByRole("link", { name: "Sign in" }).first()).toBeVisible();
  expect(await page.evaluate(() => [localStorage.getItem("token"), sessionStorage.getItem("loggedOut")])).toEqual([null, "true"]);
  await page.goto("/login"); // just signed out: the sign-in page stays
  await expect(page).toHaveURL(/\/login$/);
  // The old session is over on the server too.
  expect((await page.request.get("/api/auth/profile")).status()).toBe(401);
});

test("a signed-in user's Start free trial starts their 7-day trial (the trial-start handler), then leads to the subscription", async ({
  page,
}) => {
  const email = unique("trial");
  await registerThroughApi(page, email);
  await page.goto("/");
  // No checkout tab for an account: the button starts the trial on the server.
  await expect(page.getByTestId("pricing-cta")).not.toHaveAttribute("href", /.*/);
  await page.getByTestId("pricing-cta").click();
  await expect(page).toHaveURL(/\/dashboard\/subscription$/);
  await expect(page.getByTestId("subscription-badge")).toHaveText("Trial Active");
  const profile = await (await page.request.get("/api/auth/profile")).json();
  expect(profile.subscriptionType).toBe("trial");
  // With a trial on record, the same button is a link to the subscription page (upgrade there).
  await page.goto("/");
  await expect(page.getByTestId("pricing-cta")).toHaveAttribute("href", "/dashboard/subscription");
});
