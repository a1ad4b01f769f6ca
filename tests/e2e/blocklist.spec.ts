// The blocklist in French, in a real browser: the owner blocks a caller from the call's page and another number on the
// Calls page; the blocked caller's next call hears one sentence and ends, listed apart; unblocked, they are answered.
import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { newOwner, openDashboard, readyReceptionist } from "./support/dashboard";
import { expectNoEnglish } from "./support/i18n";
import { m } from "./support/messages";
import { platformCall, platformCallStart } from "./support/vapi";

const fr = (key: string, params: Record<string, string | number> = {}) => m("fr", key, params);
const toast = (page: import("@playwright/test").Page, text: string) => page.locator("[data-sonner-toast]").filter({ hasText: text });

test("a practice in French blocks a caller from their call and a number by hand; the blocked call is refused and set apart", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const owner = await newOwner(page, { tag: "blocklist", locale: "fr" });
  const line = await readyReceptionist(page, owner.token, "fr");
  const pest = "+33698765400";
  await platformCall(page.request, line, pest, 40);

  await openDashboard(page, "fr", "/dashboard/calls");
  await expect(page.getByTestId("blocked-numbers")).toContainText(fr("CallsSection.blockedEmpty"));
  await page.getByTestId("call").first().getByRole("link").click();
  await expect(page).toHaveURL(/\/fr\/dashboard\/calls\/.+/);
  await page.getByRole("button", { name: fr("CallsSection.blockCaller") }).click();
  await expect(toast(page, fr("CallsSection.blocked", { phone: "06 98 76 54 00" }))).toBeVisible();
  await expect(page.getByTestId("caller-blocked")).toHaveText(fr("CallsSection.callerBlocked"));

  // Their next call hears one French sentence; no assistant answers it.
  const refused = await platformCallStart(page.request, line, pest);
  expect(refused).toEqual({ error: fr("Receptionist.blockedCaller") });

  await openDashboard(page, "fr", "/dashboard/calls");
  const screened = page.getByTestId("calls-screened");
  await expect(screened.getByTestId("call")).toHaveCount(1);
  await expect(screened.getByTestId("call-screening")).toHaveText(fr("CallsSection.screenings.blocked"));
  // Blocking by hand: a number as the owner writes it, refused once it is already there.
  const form = page.getByTestId("block-form");
  await form.getByLabel(fr("CallsSection.blockPhone")).fill("01 23 45 67 89");
  await form.getByLabel(fr("CallsSection.blockReason")).fill("Démarchage");
  await form.getByRole("button", { name: fr("CallsSection.block"), exact: true }).click();
  const rows = page.getByTestId("blocked-number");
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: "Démarchage" })).toContainText("01 23 45 67 89");
  await form.getByLabel(fr("CallsSection.blockPhone")).fill("+33 1 23 45 67 89");
  await form.getByRole("button", { name: fr("CallsSection.block"), exact: true }).click();
  await expect(form.getByTestId("block-error")).toHaveText(fr("Api.numberAlreadyBlocked"));
  await expectNoEnglish(page, "fr");
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 15_000 });
  await expectNoSeriousA11yViolations(page);

  // Unblocked, the caller is answered again.
  await rows
    .filter({ hasText: "06 98 76 54 00" })
    .getByRole("button", { name: fr("CallsSection.unblock") })
    .click();
  await expect(rows).toHaveCount(1);
  expect((await platformCallStart(page.request, line, pest)).assistant).toBeDefined();
});
