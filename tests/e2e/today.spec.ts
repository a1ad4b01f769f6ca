// The dashboard's home in French and Spanish, on a desktop and a phone: a set-up owner signs in and lands on Today, with
// the checklist of what is left, the day's lists, the sidebar's groups (behind the menu button on a phone) and no
// serious accessibility violation. The seeded French demo owner lands there too, with a patient's text to answer.
// Screenshots of Today and the sidebar are kept under test-results/ (not committed).
import { expect, test, type Page } from "@playwright/test";
import { DEMO_OWNER } from "../../lib/server/ops/seed-accounts";
import { PATIENT_TEXT } from "../../lib/server/ops/seed-data";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { newOwner, readyReceptionist } from "./support/dashboard";
import { expectNoEnglish } from "./support/i18n";
import { at, m } from "./support/messages";

const GROUPS = ["groupToday", "groupReceptionist", "groupAgenda", "groupConnections", "groupAccount"];
const SHOTS = "test-results/screenshots";

async function signInThroughTheForm(page: Page, locale: "fr" | "es", email: string, password: string) {
  const t = (key: string) => m(locale, key);
  await page.goto(at(locale, "/login"));
  await page.getByLabel(t("Fields.email")).fill(email);
  await page.getByLabel(t("Fields.password")).fill(password);
  await page.getByRole("button", { name: t("LoginPage.submit") }).click();
  await page.waitForURL(new RegExp(`/${locale}/dashboard$`));
  await expect(page.locator("html[data-dashboard-ready]")).toBeAttached();
}

for (const locale of ["fr", "es"] as const) {
  for (const width of [1280, 375]) {
    test(`sign-in lands on Today with its checklist and the sidebar's groups (${locale}, ${width} px)`, async ({ page }) => {
      test.setTimeout(120_000);
      const t = (key: string, params: Record<string, string | number> = {}) => m(locale, key, params);
      await page.setViewportSize({ width, height: width === 375 ? 800 : 900 });
      const owner = await newOwner(page, { locale, tag: `today-${locale}` });
      await readyReceptionist(page, owner.token, "en");
      await page.context().clearCookies();

      await signInThroughTheForm(page, locale, owner.email, owner.password);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(t("TodayPage.title"));
      await expect(page).toHaveTitle(new RegExp(`^${t("Dashboard.nav.home")} · Recepta$`));
      // The checklist: the calendar the setup connected is ticked; each item left links to its page.
      const checklist = page.getByTestId("receptionist-checklist");
      await expect(checklist.getByRole("heading", { name: t("GettingStarted.receptionistTitle") })).toBeVisible();
      await expect(checklist.getByTestId("getting-started-calendars")).toHaveAttribute("data-done", "true");
      await expect(checklist.getByTestId("getting-started-knowledge")).toHaveAttribute("data-done", "false");
      await expect(checklist.getByText(t("GettingStarted.receptionistLead", { count: 5 }))).toBeVisible();
      const knowledge = checklist.getByRole("link", { name: t("GettingStarted.items.knowledge") });
      await expect(knowledge).toHaveAttribute("href", `/${locale}/dashboard/knowledge`);
      // The day's lists, empty for a new practice.
      await expect(page.getByTestId("today-appointments")).toContainText(t("TodayPage.noAppointment"));
      await expect(page.getByTestId("today-calls")).toContainText(t("TodayPage.callsEmpty"));
      await expect(page.getByTestId("today-texts")).toContainText(t("TodayPage.textsEmpty"));
      await expectNoEnglish(page, locale);
      await expectNoSeriousA11yViolations(page);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `Today overflows at ${width}px`).toBeLessThanOrEqual(0);
      await page.screenshot({ path: `${SHOTS}/today-${locale}-${width}.png`, fullPage: true });

      // The sidebar's groups: beside the page on a desktop, in the drawer the menu button opens on a phone.
      let nav = page.getByRole("navigation", { name: t("Dashboard.nav.label") });
      if (width === 375) {
        await expect(nav).toBeHidden();
        await page.getByRole("button", { name: t("Dashboard.openNavigation") }).click();
        const drawer = page.getByRole("dialog", { name: t("Dashboard.navigation") });
        await expect(drawer).toBeVisible();
        nav = drawer.getByRole("navigation", { name: t("Dashboard.nav.label") });
      }
      for (const group of GROUPS) await expect(nav.getByText(t(`Dashboard.nav.${group}`), { exact: true })).toBeVisible();
      await expect(nav.getByRole("link", { name: t("Dashboard.nav.home") })).toHaveAttribute("aria-current", "page");
      await expect(nav.getByRole("link", { name: t("Dashboard.nav.inbox") })).not.toHaveAttribute("aria-current", "page");
      await expectNoSeriousA11yViolations(page);
      await page.screenshot({ path: `${SHOTS}/sidebar-${locale}-${width}.png`, fullPage: width === 1280 });

      // An item of the checklist opens its page.
      if (width === 375) await page.keyboard.press("Escape");
      await knowledge.click();
      await expect(page).toHaveURL(new RegExp(`/${locale}/dashboard/knowledge$`));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(t("KnowledgeSection.title"));
    });
  }
}

test("the French demo owner lands on Today, the setup finished, with a patient's text to answer", async ({ page }) => {
  const fr = (key: string, params: Record<string, string | number> = {}) => m("fr", key, params);
  await signInThroughTheForm(page, "fr", DEMO_OWNER.email, DEMO_OWNER.password);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(fr("TodayPage.title"));
  const text = page.getByTestId("today-text").filter({ hasText: PATIENT_TEXT.body.slice(0, 30) });
  await expect(text).toBeVisible();
  await text.click();
  await expect(page).toHaveURL(/\/fr\/dashboard\/inbox\?thread=/);
});
