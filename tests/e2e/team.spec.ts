// The team in a real browser, in French: the owner invites the front desk from the Team page, the invitee joins from the
// email in the sandbox outbox, works as staff (books an appointment; the subscription is not theirs to open), and a
// practitioner member lands on their own week and sees only their own appointments.
import { expect, test, type Browser, type Page } from "@playwright/test";
import { dayAhead } from "../helpers/vapi-messages";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { newOwner, openDashboard, uniqueEmail } from "./support/dashboard";
import { expectNoEnglish } from "./support/i18n";
import { at, m } from "./support/messages";

const fr = (key: string, params: Record<string, string | number> = {}) => m("fr", key, params);
const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").filter({ hasText: text }).first();

/** The join link emailed to `email`, read from the owner's sandbox outbox page as the owner would. */
async function joinLinkFromOutbox(page: Page, email: string): Promise<string> {
  await page.goto(at("fr", "/dashboard/outbox"));
  const mail = page.getByTestId("outbox-message").filter({ hasText: email });
  await expect(async () => {
    await page.reload();
    await expect(mail.filter({ hasText: fr("Notifications.account.invitation.action") }).first()).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 45_000 });
  const href = await mail.first().locator('a[href*="/join/"]').first().getAttribute("href");
  expect(href).toMatch(/\/fr\/join\/[\w-]+$/);
  return new URL(href!).pathname;
}

/** Opens the link in a browser of its own (the invitee's) and joins with a name and a password. */
async function join(browser: Browser, path: string, name: string): Promise<Page> {
  const invitee = await (await browser.newContext()).newPage();
  await invitee.goto(path);
  await expect(invitee.getByRole("heading", { level: 1 })).toContainText(fr("JoinPage.title", { practice: "Cabinet Lune" }));
  await invitee.getByLabel(fr("Fields.fullName")).fill(name);
  await invitee.getByLabel(fr("Fields.newPassword")).fill("front-desk-pass-1");
  await invitee.getByRole("button", { name: fr("JoinPage.submit") }).click();
  await expect(invitee.locator("html[data-dashboard-ready]")).toBeAttached({ timeout: 30_000 });
  return invitee;
}

test("the owner invites the front desk in French; they join from the outbox email, book, and cannot open the subscription", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const owner = await newOwner(page, { tag: "team-owner", locale: "fr", fullName: "Dr Inès Moreau" });
  expect((await page.request.put("/api/auth/update-profile", { data: { businessName: "Cabinet Lune" } })).status()).toBe(200);
  await openDashboard(page, "fr", "/dashboard/team");
  await expect(page.getByRole("heading", { level: 1, name: fr("Team.title") })).toBeVisible();
  const email = uniqueEmail("accueil");
  const form = page.getByTestId("invite-form");
  await form.getByLabel(fr("Team.email")).fill(email);
  await form.getByLabel(fr("Team.role")).selectOption("staff");
  await form.getByRole("button", { name: fr("Team.invite") }).click();
  await expect(toast(page, fr("Team.invitedToast", { email }))).toBeVisible();
  const invited = page.getByTestId("team-member").filter({ hasText: email });
  await expect(invited).toContainText(fr("Team.invited"));
  await expectNoEnglish(page, "fr");
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 15_000 });
  await expectNoSeriousA11yViolations(page);

  const path = await joinLinkFromOutbox(page, email);
  // The join page fits a phone, reads in French and passes axe, before and after a refused submit.
  const check = await (await browser.newContext({ viewport: { width: 375, height: 812 } })).newPage();
  await check.goto(path);
  await expect(check.getByTestId("join-lead")).toHaveText(fr("JoinPage.lead", { email, role: fr("Team.roles.staff") }));
  await check.getByRole("button", { name: fr("JoinPage.submit") }).click();
  await expect(check.getByText(fr("Validation.fullNameRequired"))).toBeVisible();
  expect(await check.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expectNoEnglish(check, "fr");
  await expectNoSeriousA11yViolations(check);
  // The same link in English and Spanish: the page speaks the address's language.
  const token = path.split("/join/")[1]!;
  for (const locale of ["en", "es"] as const) {
    // A browser of its own: one that opened the French page keeps French as its language.
    const other = await (await browser.newContext({ viewport: { width: 375, height: 812 } })).newPage();
    await other.goto(at(locale, `/join/${token}`));
    await expect(other.getByRole("heading", { level: 1 })).toHaveText(m(locale, "JoinPage.title", { practice: "Cabinet Lune" }));
    expect(await other.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    if (locale === "es") await expectNoEnglish(other, "es");
    await expectNoSeriousA11yViolations(other);
  }

  const staff = await join(browser, path, "Léa Martin");
  // The front desk's home is the practice's Today; the navigation has no subscription, settings or team.
  await expect(staff).toHaveURL(new RegExp(`${at("fr", "/dashboard")}$`));
  await expect(staff.getByTestId("header-user-name")).toHaveText("Léa Martin");
  const nav = staff.getByRole("navigation", { name: fr("Dashboard.nav.label") }).first();
  await expect(nav.getByRole("link", { name: fr("Dashboard.nav.appointments") })).toBeVisible();
  await expect(nav.getByRole("link", { name: fr("Dashboard.nav.subscription") })).toHaveCount(0);
  await expect(nav.getByRole("link", { name: fr("Dashboard.nav.team") })).toHaveCount(0);

  await staff.goto(at("fr", "/dashboard/appointments"));
  await staff.getByRole("button", { name: fr("AppointmentsSection.new") }).click();
  await staff.getByLabel(fr("Fields.patientName")).fill("Paul Martin");
  await staff.getByLabel(fr("Fields.patientPhone")).fill("+33 6 00 00 00 01");
  await staff.getByLabel(fr("Fields.date")).fill(dayAhead(3));
  await staff.getByLabel(fr("Fields.time")).fill("10:30");
  await staff.getByLabel(fr("Fields.duration")).fill("30");
  await staff.getByRole("button", { name: fr("AppointmentsSection.create") }).click();
  await expect(staff.getByTestId("appointments-upcoming")).toContainText("Paul Martin");

  // The subscription's page sends them home, and its API refuses them in French.
  await staff.goto(at("fr", "/dashboard/subscription"));
  await expect(staff).toHaveURL(new RegExp(`${at("fr", "/dashboard")}$`));
  const refused = await staff.request.get("/api/subscription/held");
  expect(refused.status()).toBe(403);
  expect((await refused.json()).message).toBe(fr("Api.roleNotAllowed"));

  // The owner sees the booking, and the new member active.
  const seen = await page.request.get("/api/appointments", { headers: { authorization: `Bearer ${owner.token}` } });
  expect(JSON.stringify(await seen.json())).toContain("Paul Martin");
  await page.goto(at("fr", "/dashboard/team"));
  await expect(page.getByTestId("team-member").filter({ hasText: email })).toContainText("Léa Martin");
  await expect(page.getByTestId("team-member").filter({ hasText: email })).not.toContainText(fr("Team.invited"));
});

test("a practitioner member lands on their own week and sees only their own appointments", async ({ page, browser }) => {
  test.setTimeout(150_000);
  await newOwner(page, { tag: "team-pr", locale: "fr", fullName: "Dr Inès Moreau" });
  expect((await page.request.put("/api/auth/update-profile", { data: { businessName: "Cabinet Lune" } })).status()).toBe(200);
  const roux = await (await page.request.post("/api/practitioners", { data: { name: "Dr Camille Roux" } })).json();
  const [first] = (await (await page.request.get("/api/practitioners")).json()).practitioners as { id: string }[];
  const day = dayAhead(2);
  const book = (patientName: string, practitionerId: string, time: string) =>
    page.request.post("/api/appointments", { data: { patientName, date: day, time, duration: 30, practitionerId } });
  expect((await book("Anne Mienne", roux.id, "09:00")).status()).toBe(201);
  expect((await book("Autre Patient", first!.id, "11:00")).status()).toBe(201);
  const email = uniqueEmail("roux");
  const invited = await page.request.post("/api/members", { data: { email, role: "practitioner", practitionerId: roux.id } });
  expect(invited.status(), await invited.text()).toBe(201);
  await openDashboard(page, "fr", "/dashboard/team");
  const path = await joinLinkFromOutbox(page, email);

  const dr = await join(browser, path, "Camille Roux");
  await expect(dr).toHaveURL(new RegExp(`${at("fr", "/dashboard/appointments")}$`));
  await expect(dr.getByTestId("appointments-upcoming")).toContainText("Anne Mienne");
  await expect(dr.getByTestId("appointments-upcoming")).not.toContainText("Autre Patient");
  await expect(dr.getByRole("button", { name: fr("AppointmentsSection.new") })).toHaveCount(0);
  const nav = dr.getByRole("navigation", { name: fr("Dashboard.nav.label") }).first();
  await expect(nav.getByRole("link", { name: fr("Dashboard.nav.inbox") })).toHaveCount(0);
  await expect(nav.getByRole("link", { name: fr("Dashboard.nav.subscription") })).toHaveCount(0);
  await expectNoEnglish(dr, "fr");
  await expectNoSeriousA11yViolations(dr);
});
