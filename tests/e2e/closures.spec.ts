// Closures and public holidays on the Working hours page, in a real browser and in French: a closure with its reason is
// listed, an overlapping one is refused with the server's words, the public holidays (closed from the start) are listed
// apart, one is opened and closed again, they are refreshed with one click, and a closure goes.
import { expect, test, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { newOwner, openDashboard } from "./support/dashboard";
import { expectNoEnglish } from "./support/i18n";
import { m } from "./support/messages";

const fr = (key: string, params?: Record<string, string | number>) => m("fr", key, params);
const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").filter({ hasText: text }).first();
const dayAhead = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

test("the owner adds a closure with its reason, is refused an overlap, opens and closes a public holiday again, and deletes a closure, in French", async ({
  page,
}) => {
  // This spec is about holidays: the business keeps them closed, as a new business does.
  await newOwner(page, { locale: "fr", holidays: "closed" });
  await openDashboard(page, "fr", "/dashboard/schedule");
  const card = page.getByTestId("closures");
  await expect(card.getByRole("heading", { name: fr("ClosuresSection.title") })).toBeVisible();
  // The owner's own closures: none yet (the public holidays are listed apart).
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

  // The public holidays of France, each closed; one the owner's closure does not cover is opened, then closed again.
  const holidays = page.getByTestId("public-holidays");
  await expect(holidays.getByRole("heading", { name: fr("ClosuresSection.holidaysTitle") })).toBeVisible();
  await expect(holidays).toContainText("France");
  await expect(holidays.getByTestId("holiday").filter({ hasText: "Noël" })).toHaveCount(1);
  // Each row's one button is "Ouvrir ce jour-là" or "Refermer" (its accessible name also says the day and the holiday).
  const closedOne = holidays
    .getByTestId("holiday")
    .filter({ has: page.getByRole("button") })
    .filter({ hasText: fr("ClosuresSection.closed") })
    .first();
  const name = await closedOne.locator("p").first().innerText();
  const row = holidays.getByTestId("holiday").filter({ has: page.getByText(name, { exact: true }) });
  await expect(row.getByRole("button")).toHaveText(fr("ClosuresSection.openHoliday"));
  await row.getByRole("button").click();
  await expect(toast(page, fr("Api.holidayOpened", { name }))).toBeVisible();
  await expect(row).toContainText(fr("ClosuresSection.holidayOpen"));
  await expect(row.getByRole("button")).toHaveText(fr("ClosuresSection.closeHoliday"));
  await row.getByRole("button").click();
  await expect(toast(page, fr("Api.holidayClosed", { name }))).toBeVisible();
  await expect(row).toContainText(fr("ClosuresSection.closed"));
  await expect(row.getByRole("button")).toHaveText(fr("ClosuresSection.openHoliday"));

  // The refresh: nothing new (they were filled when the business was created), and the choice above is kept.
  await holidays.getByRole("button", { name: fr("ClosuresSection.importHolidays") }).click();
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: /Jours fériés ajoutés\s:\s\d+\./ })).toBeVisible();
  await expectNoEnglish(page, "fr");
  // Checked once the toasts (which fade in over the page) are gone.
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 15_000 });
  await expectNoSeriousA11yViolations(page);

  await card
    .getByTestId("closure")
    .first()
    .getByRole("button", { name: fr("ClosuresSection.delete") })
    .click();
  await expect(toast(page, fr("Api.closureDeleted"))).toBeVisible();
  await expect(card.getByTestId("closure")).toHaveCount(0);
  await expect(card).toContainText(fr("ClosuresSection.none"));
});
