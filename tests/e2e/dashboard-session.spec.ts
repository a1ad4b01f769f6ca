// Session behaviour in the dashboard: the 300000 ms profile refresh, any 401 ending the session (except the
// password update's), sign-out, and the subscription page's variants.
import { expect, test, type Page } from "@playwright/test";
import { newOwner, openDashboard, PASSWORD, uniqueEmail } from "./support/dashboard";
import { m } from "./support/messages";

const en = (key: string, params: Record<string, string | number> = {}) => m("en", key, params);
const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").filter({ hasText: text }).first();

test("the profile is fetched on load and again every 300000 ms (mocked clock)", async ({ page }) => {
  const owner = await newOwner(page, { fullName: "Before Refresh" });
  await page.clock.install();
  let fetches = 0;
  page.on("request", (r) => {
    if (new URL(r.url()).pathname === "/api/auth/profile" && r.method() === "GET") fetches += 1;
  });
  await page.goto("/dashboard/profile");
  await expect.poll(() => fetches).toBe(1);
  // Renamed elsewhere (another device): nothing changes here until the refresh.
  expect(
    (
      await page.request.put("/api/auth/update-profile", {
        data: { fullName: "After Refresh" },
        headers: { authorization: `Bearer ${owner.token}` },
      })
    ).status(),
  ).toBe(200);
  await page.clock.runFor(299_000);
  expect(fetches).toBe(1);
  await expect(page.getByTestId("header-user-name")).toHaveText("Before Refresh");
  // The page's clock also flows in real time, and on a loaded machine the page may start its timer a little after the
  // first fetch: the clock is nudged a second at a time until the refresh comes (a timer that never fires still fails).
  const nudgeUntil = (n: number) =>
    expect
      .poll(async () => {
        if (fetches < n) await page.clock.runFor(1_000);
        return fetches;
      })
      .toBe(n);
  await page.clock.runFor(1_000);
  await nudgeUntil(2);
  await expect(page.getByTestId("header-user-name")).toHaveText("After Refresh");
  await page.clock.runFor(295_000);
  expect(fetches).toBe(2);
  await nudgeUntil(3);
});

test("a refresh that fails keeps showing the last profile and says so", async ({ page }) => {
  await newOwner(page, { fullName: "Cached Owner" });
  await page.route("**/api/auth/profile", (route) =>
    route.fulfill({ status: 503, contentType: "application/json", body: JSON.stringify({ message: "down" }) }),
  );
  await openDashboard(page, "en", "/dashboard/business");
  await expect(page.getByTestId("stale-notice")).toContainText(en("BusinessSection.loadFailed"));
  await expect(page.getByTestId("header-user-name")).toHaveText("Cached Owner");
});

test("any 401 ends the session: an earlier version's copy cleared, expired flag, /login?expired=true with the message", async ({
  page,
  playwright,
}) => {
  const owner = await newOwner(page);
  await openDashboard(page, "en", "/dashboard/profile");
  // What an earlier version kept in this browser: cleared when the session ends.
  await page.evaluate(() => localStorage.setItem("user", JSON.stringify({ id: "x", fullName: "x", email: "x@e2e.test", type: "user" })));
  // The session ends on the server behind the page's back: a password change on another device signs out the others.
  const otherDevice = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  expect((await otherDevice.post("/api/auth/login", { data: { email: owner.email, password: PASSWORD } })).status()).toBe(200);
  expect(
    (await otherDevice.put("/api/auth/update-password", { data: { oldPassword: PASSWORD, newPassword: "changed-elsewhere-1" } })).status(),
  ).toBe(200);
  await otherDevice.dispose();
  // The page's next request is answered 401.
  await page.getByRole("button", { name: en("Dashboard.edit") }).click();
  await page.getByRole("button", { name: en("Dashboard.save"), exact: true }).click();
  await expect(page).toHaveURL(/\/login\?expired=true$/);
  await expect(page.getByText(en("LoginPage.expired"))).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem("user"))).toBeNull();
  // The dashboard is closed to this browser now, and says why.
  await page.goto("/dashboard/profile");
  await expect(page).toHaveURL(/\/login\?expired=true$/);
  await expect(page.getByText(en("LoginPage.expired"))).toBeVisible();
});

test("password change: a wrong current password is not a sign-out; success clears the form and the new password works", async ({
  page,
}) => {
  const owner = await newOwner(page);
  await openDashboard(page, "en", "/dashboard/security");
  await expect(page.getByRole("tab", { name: en("ProfileSection.tabs.password") })).toHaveAttribute("aria-selected", "true");
  await page.getByRole("button", { name: en("ProfileSection.updatePassword") }).click();
  await expect(page.getByText(en("Validation.required", { field: en("Fields.oldPassword") }))).toBeVisible();
  await page.getByLabel(en("Fields.oldPassword")).fill("not-my-password");
  await page.getByLabel(en("Fields.newPassword"), { exact: true }).fill("brand-new-pass-1");
  await page.getByLabel(en("Fields.confirmPassword")).fill("brand-new-pass-2");
  await page.getByRole("button", { name: en("ProfileSection.updatePassword") }).click();
  await expect(page.getByText(en("Validation.passwordsMismatch"))).toBeVisible();
  await page.getByLabel(en("Fields.confirmPassword")).fill("brand-new-pass-1");
  await page.getByRole("button", { name: en("ProfileSection.updatePassword") }).click();
  await expect(page.getByTestId("password-error")).toHaveText(en("ProfileSection.currentPasswordIncorrect"));
  await expect(page).toHaveURL(/\/dashboard\/security$/); // the 401 did not sign the owner out

  await page.getByLabel(en("Fields.oldPassword")).fill(PASSWORD);
  await page.getByRole("button", { name: en("ProfileSection.updatePassword") }).click();
  await expect(toast(page, en("ProfileSection.passwordUpdated"))).toBeVisible();
  await expect(page.getByLabel(en("Fields.oldPassword"))).toHaveValue("");
  await expect(page.getByLabel(en("Fields.newPassword"), { exact: true })).toHaveValue("");
  expect((await page.request.post("/api/auth/login", { data: { email: owner.email, password: "brand-new-pass-1" } })).status()).toBe(200);

  // The tabs switch in place, and the address follows; the side navigation agrees with both.
  await page.getByRole("tab", { name: en("ProfileSection.tabs.profile") }).click();
  await expect(page).toHaveURL(/\/dashboard\/profile$/);
  await expect(page.getByTestId("profile-email")).toHaveText(owner.email);
  await page.getByRole("tab", { name: en("ProfileSection.tabs.profile") }).press("ArrowRight");
  await expect(page.getByRole("tab", { name: en("ProfileSection.tabs.password") })).toBeFocused();
  await expect(page).toHaveURL(/\/dashboard\/security$/);
  await page
    .getByRole("navigation", { name: en("Dashboard.nav.label") })
    .getByRole("link", { name: en("Dashboard.nav.profile") })
    .click();
  await expect(page).toHaveURL(/\/dashboard\/profile$/);
  await expect(page.getByRole("tab", { name: en("ProfileSection.tabs.profile") })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByTestId("profile-email")).toHaveText(owner.email);
});

test("sign-out clears what an earlier version stored, marks it, ends the server session and goes home", async ({ page }) => {
  await newOwner(page);
  await openDashboard(page, "en", "/dashboard/profile");
  // A browser upgraded from the version that kept the session in localStorage still holds its copies.
  await page.evaluate(() => {
    localStorage.setItem("token", "stale");
    localStorage.setItem("user", JSON.stringify({ id: "x", fullName: "x", email: "x@e2e.test", type: "user" }));
  });
  await page.getByRole("button", { name: en("Dashboard.signOut") }).click();
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => [localStorage.getItem("token"), localStorage.getItem("user")])).toEqual([null, null]);
  expect(await page.context().cookies()).not.toContainEqual(
    expect.objectContaining({ name: expect.stringMatching(/authjs\.session-token$/) }),
  );
  expect((await page.request.get("/api/auth/profile")).status()).toBe(401);
  await page.goto("/dashboard/calendar");
  await expect(page).toHaveURL(/\/login$/);
});

test("settings: the time zone is saved; the account's language is saved and the dashboard switches to it", async ({ page }) => {
  await newOwner(page);
  await openDashboard(page, "en", "/dashboard/profile");
  await page.getByRole("combobox", { name: en("ProfileSection.timeZone") }).selectOption("America/New_York");
  await page.getByRole("button", { name: en("ProfileSection.saveSettings") }).click();
  await expect(toast(page, en("ProfileSection.settingsSaved"))).toBeVisible();
  expect((await (await page.request.get("/api/auth/profile")).json()).timeZone).toBe("America/New_York");
  await page.getByRole("combobox", { name: en("ProfileSection.language") }).selectOption("fr");
  await page.getByRole("button", { name: en("ProfileSection.saveSettings") }).click();
  await expect(page).toHaveURL(/\/fr\/dashboard\/profile$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(m("fr", "ProfileSection.title"));
  expect((await (await page.request.get("/api/auth/profile")).json()).locale).toBe("fr");
  await expect(page.getByRole("combobox", { name: m("fr", "ProfileSection.timeZone") })).toHaveValue("America/New_York");
});

// The subscription page renders what the profile says; these states come from billing, so the profile
// answer is set here to each of them.
const DAY = 24 * 3600 * 1000;
const variants = [
  {
    name: "subscribed",
    view: {
      subscriptionType: "subscribed",
      subscription: { status: true, startTime: "2026-10-01T10:00:00.000Z", endTime: "2026-12-01T10:00:00.000Z" },
    },
    testId: "subscription-subscribed",
    badge: "SubscriptionSection.active",
    link: "SubscriptionSection.manage",
  },
  {
    name: "trial",
    view: {
      subscriptionType: "trial",
      subscription: { status: true, startTime: new Date().toISOString(), endTime: new Date(Date.now() + 7 * DAY).toISOString() },
    },
    testId: "subscription-trial",
    badge: "SubscriptionSection.trialActive",
    link: "SubscriptionSection.upgradeNow",
  },
  {
    name: "lapsed",
    view: {
      subscriptionType: "subscribed",
      subscription: { status: false, startTime: "2026-08-01T10:00:00.000Z", endTime: "2026-09-01T10:00:00.000Z" },
    },
    testId: "subscription-lapsed",
    badge: "SubscriptionSection.inactive",
    link: "SubscriptionSection.resubscribe",
  },
  {
    name: "none",
    view: { subscriptionType: null, subscription: null },
    testId: "subscription-none",
    badge: null,
    link: "SubscriptionSection.subscribeNow",
  },
] as const;

for (const v of variants) {
  test(`subscription: the ${v.name} variant`, async ({ page }) => {
    const owner = await newOwner(page);
    await page.route("**/api/auth/profile", async (route) => {
      const real = await route.fetch();
      await route.fulfill({ response: real, json: { ...(await real.json()), ...v.view } });
    });
    await openDashboard(page, "en", "/dashboard/subscription");
    await expect(page.getByTestId(v.testId)).toBeVisible();
    if (v.badge) await expect(page.getByTestId("subscription-badge")).toHaveText(en(v.badge));
    const link = page.getByRole("link", { name: en(v.link) });
    const href = new URL((await link.getAttribute("href"))!, "http://x");
    // The hosted checkout and portal open in this tab: on a phone a new tab would be lost behind the app.
    await expect(link).not.toHaveAttribute("target");
    expect(href.searchParams.get("prefilled_email")).toBe(owner.email);
    if (v.name === "subscribed") {
      expect(href.searchParams.get("client_reference_id")).toBeNull(); // the billing portal takes the email only
      await expect(page.getByTestId("subscription-next-billing")).toHaveText("December 1, 2026");
    } else {
      expect(href.searchParams.get("client_reference_id")).toBe(owner.id);
    }
    if (v.name === "lapsed") await expect(page.getByTestId("subscription-ended")).toHaveText("September 1, 2026");
  });
}

test("subscription: a failed load offers Try Again, which reloads the page", async ({ page }) => {
  await newOwner(page);
  let fail = true;
  await page.route("**/api/auth/profile", (route) => (fail ? route.fulfill({ status: 500, json: { message: "boom" } }) : route.continue()));
  await openDashboard(page, "en", "/dashboard/subscription");
  await expect(page.getByTestId("load-error")).toContainText(en("SubscriptionSection.loadFailed"));
  fail = false;
  await page.getByRole("button", { name: en("Dashboard.tryAgain") }).click();
  await expect(page.getByTestId("subscription-none")).toBeVisible();
});

test("the sandbox billing portal shows the owner's subscription as recorded, and says nothing is charged", async ({ page }) => {
  const owner = await newOwner(page);
  await page.goto(`/sandbox/portal?prefilled_email=${encodeURIComponent(owner.email)}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(en("SandboxPortal.title"));
  await expect(page.getByText(en("SandboxPortal.account", { email: owner.email }))).toBeVisible();
  await expect(page.getByTestId("portal-status")).toHaveText(en("SandboxPortal.status.none"));
  await page.getByRole("link", { name: en("SandboxPortal.back") }).click();
  await expect(page).toHaveURL(/\/dashboard\/subscription$/);
});

test("the session stays in its cookie: nothing of it in storage, no token on the dashboard's calls; the Security page lists keys and endpoints", async ({
  page,
  playwright,
}) => {
  // The account, a key and an endpoint are made elsewhere (an API client with the token sign-in answers with).
  const email = uniqueEmail("cookie");
  const client = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  const made = await client.post("/api/auth/register", { data: { email, password: PASSWORD, fullName: "Noor Haddad", locale: "en" } });
  expect(made.status()).toBe(201);
  const bearer = { authorization: `Bearer ${((await made.json()) as { token: string }).token}` };
  expect((await client.post("/api/api-keys", { headers: bearer, data: { name: "Practice CRM", scopes: ["calls:read"] } })).status()).toBe(
    201,
  );
  const hook = { url: "http://127.0.0.1:9/hooks/private-path", events: ["call.ended"] };
  expect((await client.post("/api/webhook-endpoints", { headers: bearer, data: hook })).status()).toBe(201);
  await client.dispose();

  // This browser ran the version that kept the session in localStorage: its copies are dropped at sign-in.
  await page.goto("/login");
  await expect(page.locator("html[data-login-ready]")).toBeAttached();
  await page.evaluate(() => {
    localStorage.setItem("token", "from-an-earlier-version");
    localStorage.setItem("user", JSON.stringify({ id: "x", fullName: "x", email: "x@e2e.test", type: "user" }));
  });
  // Every API request's headers, read before the test ends.
  const apiHeaders: Promise<{ url: string; authorization?: string }>[] = [];
  page.on("request", (r) => {
    if (new URL(r.url()).pathname.startsWith("/api/"))
      apiHeaders.push(r.allHeaders().then((h) => ({ url: r.url(), authorization: h.authorization })));
  });
  await page.getByLabel(en("Fields.email")).fill(email);
  await page.getByLabel(en("Fields.password")).fill(PASSWORD);
  await page.getByRole("button", { name: en("LoginPage.submit") }).click();
  await page.waitForURL(/\/dashboard(\/.*)?$/);

  // The session is the httpOnly, SameSite=Lax cookie, and no script-readable storage holds it or the user.
  const cookie = (await page.context().cookies()).find((c) => c.name.endsWith("authjs.session-token"));
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax" });
  const stored = await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }));
  expect(stored).not.toContain(cookie!.value);
  expect(await page.evaluate(() => [localStorage.getItem("token"), localStorage.getItem("user")])).toEqual([null, null]);

  // The dashboard works on the cookie alone: the Integrations page lists the key through the API.
  await page.goto("/dashboard/integrations");
  await expect(page.locator("html[data-dashboard-ready]")).toBeAttached();
  await expect(page.getByTestId("header-user-name")).toHaveText("Noor Haddad");
  await expect(page.getByText("Practice CRM").first()).toBeVisible();

  // The Security page: the sessions (this browser marked), the key and the endpoint by its host, linked to where they are managed.
  await page.goto("/dashboard/security");
  const summary = page.getByTestId("access-summary");
  await expect(summary.getByTestId("access-sessions")).toContainText(en("SecuritySection.sessions.current"));
  await expect(summary.getByTestId("access-api-keys")).toContainText("Practice CRM");
  await expect(summary.getByTestId("access-webhooks")).toContainText("127.0.0.1:9");
  await expect(summary.getByTestId("access-webhooks")).not.toContainText("private-path");
  await expect(summary.getByRole("link", { name: en("SecuritySection.manage") }).first()).toHaveAttribute(
    "href",
    "/dashboard/integrations",
  );
  const seen = await Promise.all(apiHeaders);
  expect(seen.map((h) => h.url)).toContainEqual(expect.stringMatching(/\/api\/api-keys$/));
  expect(seen.filter((h) => h.authorization !== undefined)).toEqual([]);
});
