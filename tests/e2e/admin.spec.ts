// The admin area in a real browser: users (search, settings dialog, deactivate, assign a number, the "Operation Failed"
// banner), the number pool (search, CSV export, delete) and the sandbox outbox, refused to non-admins by the server.
import fs from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { formatPhone } from "@/lib/platform/phone/format";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { newOwner, openDashboard, saveLanguage, signIn } from "./support/dashboard";
import { fixtures } from "./support/fixtures";
import { m } from "./support/messages";

const en = (key: string, params: Record<string, string | number> = {}) => m("en", key, params);
const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").filter({ hasText: text }).first();

async function asAdmin(page: Page) {
  const { admin } = fixtures();
  const session = await signIn(page, admin.email, admin.password);
  // These tests read the admin pages in English: the dashboard speaks the account's language, whatever another spec left.
  await saveLanguage(page, "en");
  return session;
}

test("a non-admin is refused the admin pages and API by the server, not only by the menu", async ({ page }) => {
  await newOwner(page);
  for (const path of [
    "/dashboard/admin/users",
    "/dashboard/admin/telnyx-numbers",
    "/dashboard/admin/outbox",
    "/dashboard/users",
    "/fr/dashboard/admin/users",
  ]) {
    // The server answers with a redirect to the owner's home (Today, or the setup while it is unfinished): no admin page
    // is ever rendered for this session.
    const res = await page.request.get(path, { maxRedirects: 0 });
    expect(res.status(), path).toBeGreaterThanOrEqual(300);
    expect(res.status(), path).toBeLessThan(400);
    const followed = await page.request.get(path);
    expect(new URL(followed.url()).pathname, path).toMatch(/\/dashboard(\/setup)?$/);
  }
  await page.goto("/dashboard/admin/users");
  await expect(page).toHaveURL(/\/dashboard(\/setup)?$/);
  expect((await page.request.get("/api/admin/users")).status()).toBe(403);
  expect((await page.request.get("/api/admin/phone-numbers/telnyx")).status()).toBe(403);
  expect((await page.request.get("/api/admin/outbox")).status()).toBe(403);
});

test("admin: find a user, deactivate them (their session ends at once), reactivate, assign a number", async ({ page, browser }) => {
  // The owner, signed in on their own device.
  const ownerContext = await browser.newContext();
  const ownerPage = await ownerContext.newPage();
  const owner = await newOwner(ownerPage, { fullName: "Zoé Target" });
  await openDashboard(ownerPage, "en", "/dashboard/profile");

  await asAdmin(page);
  await openDashboard(page, "en", "/dashboard/admin/users");
  const nav = page.getByRole("navigation", { name: en("Dashboard.nav.label") });
  await expect(nav.getByRole("list", { name: en("Dashboard.nav.admin") })).toBeVisible();
  // An admin has no business: the navigation is the admin sections and their own profile, nothing else.
  await expect(nav.getByRole("link", { name: en("Dashboard.nav.calls"), exact: true })).toHaveCount(0);
  await expect(nav.getByRole("link", { name: en("Dashboard.nav.inbox") })).toHaveCount(0);
  await expect(nav.getByRole("link", { name: en("Dashboard.nav.profile") })).toBeVisible();
  // At 1280 px the table fits: every row's Settings button is on screen, with no sideways scrolling.
  await page.setViewportSize({ width: 1280, height: 800 });
  const region = page.getByRole("region", { name: en("AdminUsers.title") });
  expect(await region.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
  const button = await page
    .getByTestId("user-row")
    .first()
    .getByRole("button", { name: en("AdminUsers.settings") })
    .boundingBox();
  expect(button!.x + button!.width).toBeLessThanOrEqual(1280);
  // An account a checkout created and nobody set up yet is not "Active".
  const pending = page.getByTestId("user-row").filter({ hasText: fixtures().accounts.expired!.email });
  await expect(pending.getByTestId("user-status")).toHaveText(en("AdminUsers.pendingSetup"));
  // The admin carries a badge in the table.
  await expect(page.getByTestId("user-row").filter({ hasText: fixtures().admin.email }).getByTestId("admin-badge")).toBeVisible();

  await page.getByLabel(en("AdminUsers.search")).fill("zoé tar");
  await expect(page.getByTestId("user-row")).toHaveCount(1);
  await page.getByLabel(en("AdminUsers.search")).fill(owner.email.toUpperCase());
  const row = page.getByTestId("user-row");
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(en("AdminUsers.noNumber"));
  await expect(row).toContainText(en("AdminUsers.notAuthorized"));

  await row.getByRole("button", { name: en("AdminUsers.settings") }).click();
  const dialog = page.getByTestId("user-settings");
  await expect(dialog.getByRole("heading", { name: en("AdminUsers.settingsFor", { name: "Zoé Target" }) })).toBeVisible();
  await expect(dialog.getByTestId("calendar-warning")).toHaveText(en("AdminUsers.calendarNotAuthorized"));

  // Deactivate, confirmed: the owner's next request finds the session gone.
  await dialog.getByRole("button", { name: en("AdminUsers.deactivate") }).click();
  const confirm = page.getByRole("dialog", { name: en("AdminUsers.confirmTitle") });
  await expect(confirm).toContainText(en("AdminUsers.confirmDeactivate", { name: "Zoé Target" }));
  await confirm.getByRole("button", { name: en("AdminUsers.confirm") }).click();
  await expect(toast(page, en("AdminUsers.deactivated", { name: "Zoé Target" }))).toBeVisible();
  // Said inside the dialog too: the page behind a modal dialog (and its toasts) is inert for assistive technology.
  await expect(dialog.getByTestId("operation-done")).toHaveText(en("AdminUsers.deactivated", { name: "Zoé Target" }));
  await expect(dialog.getByTestId("detail-status")).toHaveText(en("AdminUsers.inactive"));
  await ownerPage
    .getByRole("navigation", { name: en("Dashboard.nav.label") })
    .getByRole("link", { name: en("Dashboard.nav.calls"), exact: true })
    .click();
  await expect(ownerPage).toHaveURL(/\/login\?expired=true$/);
  const refused = await ownerPage.request.post("/api/auth/login", { data: { email: owner.email, password: owner.password } });
  expect(refused.status()).toBe(403);

  await dialog.getByRole("button", { name: en("AdminUsers.activate") }).click();
  await confirm.getByRole("button", { name: en("AdminUsers.confirm") }).click();
  await expect(dialog.getByTestId("detail-status")).toHaveText(en("AdminUsers.active"));
  expect((await ownerPage.request.post("/api/auth/login", { data: { email: owner.email, password: owner.password } })).status()).toBe(200);

  // Assign: a number must be chosen; then confirmed.
  await dialog.getByRole("button", { name: en("AdminUsers.assign") }).click();
  await expect(dialog.getByText(en("Validation.phoneNumberRequired"))).toBeVisible();
  // The owner's business is in Paris: the dialog says so, and offers French numbers first.
  await expect(dialog.getByTestId("business-country")).toHaveText(en("AdminUsers.businessCountry", { country: "France" }));
  const select = dialog.getByLabel(en("AdminUsers.availableNumbers"));
  const option = select.locator("option").nth(1);
  const label = (await option.textContent())!;
  // The number as the admin reads it (international, as every admin page writes numbers), with its region; the
  // option's value is E.164.
  expect(label).toMatch(/^\+33[\d ]+ \(FR\)$/);
  const value = (await option.getAttribute("value"))!;
  expect(value).toMatch(/^\+\d+$/);
  const number = label.replace(/ \([A-Z]{2}\)$/, "");
  await select.selectOption(value);
  await dialog.getByRole("button", { name: en("AdminUsers.assign") }).click();
  await expect(confirm).toContainText(number);
  await confirm.getByRole("button", { name: en("AdminUsers.confirm") }).click();
  await expect(toast(page, en("AdminUsers.assigned", { number }))).toBeVisible();
  await expect(dialog.getByTestId("detail-number")).toHaveText(number);
  await dialog.getByRole("button", { name: en("AdminUsers.close") }).click();
  await expect(row).toContainText(number);
  await ownerContext.close();
});

test("admin: a number taken meanwhile by another admin shows the dismissible 'Operation Failed' banner, gone after 5000 ms", async ({
  page,
}) => {
  const first = await newOwner(page, { fullName: "First Claimant" });
  const second = await newOwner(page, { fullName: "Second Claimant" });
  const { token: adminToken } = await asAdmin(page);
  await openDashboard(page, "en", "/dashboard/admin/users");
  await page.getByLabel(en("AdminUsers.search")).fill(second.email);
  await page
    .getByTestId("user-row")
    .getByRole("button", { name: en("AdminUsers.settings") })
    .click();
  const dialog = page.getByTestId("user-settings");
  const select = dialog.getByLabel(en("AdminUsers.availableNumbers"));
  const number = (await select.locator("option").nth(1).getAttribute("value"))!;
  await select.selectOption(number);
  // Another admin gives that very number to someone else first.
  const other = await page.request.post(`/api/admin/users/${first.id}/phone-number`, {
    data: { phoneNumber: number },
    headers: { authorization: `Bearer ${adminToken}` },
  });
  expect(other.status()).toBe(200);
  await dialog.getByRole("button", { name: en("AdminUsers.assign") }).click();
  await page
    .getByRole("dialog", { name: en("AdminUsers.confirmTitle") })
    .getByRole("button", { name: en("AdminUsers.confirm") })
    .click();
  const banner = dialog.getByTestId("operation-failed");
  await expect(banner).toContainText(en("AdminUsers.operationFailed"));
  await expect(banner).toContainText(en("Api.numberTaken"));
  await banner.getByRole("button", { name: en("AdminUsers.dismiss") }).click();
  await expect(banner).toBeHidden();

  // Again, and this time leave it: it hides by itself.
  await select.selectOption({ index: 1 });
  await page.request.post(`/api/admin/users/${first.id}/phone-number`, {
    data: { phoneNumber: await select.inputValue() },
    headers: { authorization: `Bearer ${adminToken}` },
  });
  await dialog.getByRole("button", { name: en("AdminUsers.assign") }).click();
  await page
    .getByRole("dialog", { name: en("AdminUsers.confirmTitle") })
    .getByRole("button", { name: en("AdminUsers.confirm") })
    .click();
  await expect(banner).toBeVisible();
  await page.waitForTimeout(4_000);
  await expect(banner).toBeVisible();
  await expect(banner).toBeHidden({ timeout: 3_000 });
});

test("admin numbers: search, CSV export with the spec's columns, the country column and filter, delete a free number, refused for an assigned one", async ({
  page,
}) => {
  const owner = await newOwner(page, { fullName: "=Formula Owner" });
  const { token: adminToken } = await asAdmin(page);
  const pool = (await (await page.request.get("/api/admin/phone-numbers/available")).json()).phoneNumbers as {
    id: string;
    phoneNumber: string;
  }[];
  // The pool holds many countries' numbers: the page writes every one in international form (the CSV keeps E.164).
  const assigned = { ...pool[0]!, shown: formatPhone(pool[0]!.phoneNumber) };
  const free = { ...pool[1]!, shown: formatPhone(pool[1]!.phoneNumber) };
  expect(
    (
      await page.request.post(`/api/admin/users/${owner.id}/phone-number`, {
        data: { phoneNumber: assigned.phoneNumber },
        headers: { authorization: `Bearer ${adminToken}` },
      })
    ).status(),
  ).toBe(200);

  await openDashboard(page, "en", "/dashboard/admin/telnyx-numbers");
  const rows = page.getByTestId("number-row");
  // The list renders once its answer is in: counted after the third row shows.
  await expect(rows.nth(2)).toBeVisible();
  const total = await rows.count();
  await page.getByLabel(en("AdminNumbers.search")).fill("=formula");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(assigned.shown);
  await page.getByLabel(en("AdminNumbers.search")).fill(free.phoneNumber.slice(-4));
  await expect(rows.filter({ hasText: free.shown })).toHaveCount(1);
  // Typed the way the page writes it, the number is found too.
  await page.getByLabel(en("AdminNumbers.search")).fill(free.shown);
  await expect(rows.filter({ hasText: free.shown })).toHaveCount(1);
  // The export is the whole pool, whatever the search shows.
  const downloadPromise = page.waitForEvent("download");
  await page.getByRole("button", { name: en("AdminNumbers.export") }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toBe("telnyx-numbers.csv");
  const csv = fs.readFileSync(await download.path(), "utf8").replace(/^\uFEFF/, "");
  const lines = csv.trimEnd().split("\r\n");
  expect(lines[0]).toBe('"Phone Number","Region","Phone Number Type","Assigned To","Created"');
  expect(lines).toHaveLength(total + 1);
  await page.getByLabel(en("AdminNumbers.search")).fill("");
  await expect(rows).toHaveCount(total);
  // The owner's name would run as a formula in a spreadsheet: it is neutralised; phone numbers stay as they are.
  expect(lines).toContainEqual(
    expect.stringMatching(new RegExp(`^"\\${assigned.phoneNumber}","US","local","'=Formula Owner","\\d{4}-\\d{2}-\\d{2}T`)),
  );
  expect(lines).toContainEqual(expect.stringMatching(new RegExp(`^"\\${free.phoneNumber}","US","local","Available",`)));

  // Each number's country, by name; the filter narrows the pool to one country (on the server) and back.
  await expect(rows.filter({ hasText: assigned.shown }).getByTestId("number-country")).toHaveText("United States");
  const countryFilter = page.getByLabel(en("AdminNumbers.countryFilter"), { exact: true });
  await countryFilter.selectOption({ label: "France" });
  await expect(rows.first().getByTestId("number-country")).toHaveText("France");
  const french = await rows.count();
  expect(french).toBeGreaterThan(0);
  expect(french).toBeLessThan(total);
  await expect(rows.getByTestId("number-country")).toHaveText(Array(french).fill("France"));
  await expect(rows.filter({ hasText: assigned.shown })).toHaveCount(0);
  await countryFilter.selectOption({ label: en("AdminNumbers.allCountries") });
  await expect(rows).toHaveCount(total);

  // An assigned number cannot go: no Delete, it is released first (the server refuses it too, with a 409).
  const assignedRow = rows.filter({ hasText: assigned.shown });
  await expect(assignedRow.getByRole("button", { name: en("AdminNumbers.delete") })).toHaveCount(0);
  await expect(assignedRow.getByTestId("number-release-first")).toHaveText(en("AdminNumbers.releaseFirst"));
  const confirm = page.getByRole("dialog", { name: en("AdminNumbers.deleteTitle") });
  // A free one goes, after confirmation.
  await rows
    .filter({ hasText: free.shown })
    .getByRole("button", { name: en("AdminNumbers.delete") })
    .click();
  await expect(confirm).toContainText(free.shown);
  await confirm.getByRole("button", { name: en("AdminNumbers.delete") }).click();
  await expect(toast(page, en("AdminNumbers.deleted"))).toBeVisible();
  await expect(rows.filter({ hasText: free.shown })).toHaveCount(0);
  await page.getByRole("button", { name: en("AdminNumbers.refresh") }).click();
  await expect(rows).toHaveCount(total - 1);
});

test("admin outbox: a message the app sent through the sandbox is listed, found by its recipient, with its link", async ({ page }) => {
  test.setTimeout(120_000);
  // An owner whose receptionist takes a message: the owner is emailed, with a link to their inbox (a background job).
  const owner = await newOwner(page, { fullName: "Outbox Owner", tag: "outbox" });
  const call = async (method: string, path: string, data?: unknown) => {
    const res = await page.request.fetch(path, { method, headers: { authorization: `Bearer ${owner.token}` }, data });
    expect(res.status(), `${method} ${path}: ${await res.text()}`).toBeLessThan(300);
    return res.json();
  };
  await call("POST", "/api/subscription/start-trial");
  await call("POST", "/api/google-calendar/authorize", { code: "sandbox-test-code" });
  await call("GET", "/api/phone-numbers/claim");
  await call("POST", "/api/ai/parameters", { language: "en", voiceId: "voice_english_female_1", firstMessage: "", agentName: "Léa" });
  let { state } = await call("POST", "/api/receptionist/try", { action: "start" });
  ({ state } = await call("POST", "/api/receptionist/try", { action: "say", state, text: "I'd like to leave a message" }));
  await call("POST", "/api/receptionist/try", { action: "say", state, text: "Please call me back about the invoice" });

  const { token: adminToken } = await asAdmin(page);
  const subject = en("Notifications.message.subject", { caller: "" }).trim();
  await expect
    .poll(
      async () => {
        const res = await page.request.get(`/api/admin/outbox?q=${encodeURIComponent(owner.email)}`, {
          headers: { authorization: `Bearer ${adminToken}` },
        });
        const { messages } = (await res.json()) as { messages: { subject: string | null; status: string }[] };
        return messages.some((m) => m.subject?.startsWith(subject) && m.status === "sent");
      },
      { timeout: 45_000 },
    )
    .toBe(true);

  await openDashboard(page, "en", "/dashboard/admin/outbox");
  const nav = page.getByRole("navigation", { name: en("Dashboard.nav.label") });
  await expect(nav.getByRole("link", { name: en("Dashboard.nav.adminOutbox") })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(en("AdminOutbox.title"));
  await expect(page.getByTestId("admin-outbox-sandbox")).toContainText(en("AdminOutbox.sandboxTitle"));

  // The search runs on the server, whatever the case: only this owner's messages remain.
  const items = page.getByTestId("outbox-message");
  await page.getByLabel(en("AdminOutbox.search")).fill(owner.email.toUpperCase());
  await expect(items.filter({ hasNotText: owner.email })).toHaveCount(0);
  const item = items.filter({ hasText: subject });
  await expect(item).toHaveCount(1);
  await expect(item.getByTestId("outbox-channel")).toHaveText(en("OutboxSection.channels.email"));
  await expect(item.getByTestId("outbox-status")).toHaveText(en("OutboxSection.sandbox"));
  await expect(item.locator("time")).toHaveAttribute("datetime", /^\d{4}-\d{2}-\d{2}T/);

  // The channel filter: no text message went to the owner's email address.
  await page.getByLabel(en("AdminOutbox.channel")).selectOption("sms");
  await expect(page.getByTestId("admin-outbox-empty")).toHaveText(en("AdminOutbox.noMatch"));
  await page.getByLabel(en("AdminOutbox.channel")).selectOption("email");
  await expect(item).toHaveCount(1);

  // The message as it was sent: plain text, and its link as a real anchor.
  await item.getByText(en("OutboxSection.showMessage")).click();
  const body = item.getByTestId("outbox-body");
  await expect(body).toContainText("Please call me back about the invoice");
  await expect(body).toHaveCSS("white-space", "pre-wrap");
  const link = item.getByRole("link", { name: /\/dashboard\/inbox$/ });
  await expect(link).toHaveAttribute("href", /^https?:\/\/[^/]+\/dashboard\/inbox$/);
  await expect(link).toHaveAttribute("rel", /\bnoreferrer\b/);
  await expectNoSeriousA11yViolations(page);
});
