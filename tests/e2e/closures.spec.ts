// Closures on the Working hours page, in a real browser and in French: a closure with its reason is listed, an
// overlapping one is refused with the server's words, the public holidays come in with one click, and a closure goes.
import { expect, test, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { newOwner, openDashboard } from "./support/dashboard";
import { expectNoEnglish } from "./support/i18n";
import { m } from "./support/messages";

const fr = (key: string, params?: Record<string, string | number>) => m("fr", key, params);
const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").filter({ hasText: text }).first();
const dayAhead = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

test("the owner adds a closure with its reason, is refused an overlap, imports the public holidays and deletes one, in French", async ({
  page,
}) => {
  await newOwner(page, { locale: "fr" });
  await openDashboard(page, "fr", "/dashboard/schedule");
  const card = page.getByTestId("closures");
  await expect(card.getByRole("heading", { name: fr("ClosuresSection.title") })).toBeVisible();
  await expect(card).toContainText(fr("ClosuresSection.none"));

  await card.getByLabel(fr("ClosuresSection.from")).fill(dayAhead(10));
  await card.getByLabel(fr("ClosuresSection.to")).fill(dayAhead(12));
  await card.getByLabel(fr("ClosuresSection.reason")).fill("congrès");
  await card.getByRole("button", { name: fr("ClosuresSection.add"), exact: true }).click();
  await expect(toast(page, fr("ClosuresSection.added"))).toBeVisible();
  await expect(card.getByTestId("closure")).toHaveCount(1);
  await expect(card.getByTestId("closure").first()).toContainText(`${fr("ClosuresSection.closed")} · congrès`);

  await card.getByLabel(fr("ClosuresSection.from")).fill(dayAhead(11));
  await card.getByRole("button", { name: fr("ClosuresSection.add"), exact: true }).click();
  await expect(card.getByTestId("closure-error")).toHaveText(fr("Api.closureOverlaps"));

  await card.getByRole("button", { name: fr("ClosuresSection.importHolidays") }).click();
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: /Jours fériés ajoutés : \d+\./ })).toBeVisible();
  await expect(card.getByText(fr("ClosuresSection.publicHoliday"), { exact: false }).first()).toBeVisible();
  await expectNoEnglish(page, "fr");
  // Checked once the toasts (which fade in over the page) are gone.
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 15_000 });
  await expectNoSeriousA11yViolations(page);

  const before = await card.getByTestId("closure").count();
  await card
    .getByTestId("closure")
    .first()
    .getByRole("button", { name: fr("ClosuresSection.delete") })
    .click();
  await expect(toast(page, fr("Api.closureDeleted"))).toBeVisible();
  await expect(card.getByTestId("closure")).toHaveCount(before - 1);
});
