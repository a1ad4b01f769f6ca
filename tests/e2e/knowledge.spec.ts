// The Knowledge page in a real browser, in French: the owner adds a price, sees how calls reach it, edits and deletes
// it; the server's refusal is shown in its words; the page is accessible.
import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { newOwner, openDashboard } from "./support/dashboard";
import { expectNoEnglish } from "./support/i18n";
import { m } from "./support/messages";

const fr = (key: string, params?: Record<string, string | number>) => m("fr", key, params);

test("the owner adds, edits and deletes a price for French calls", async ({ page }) => {
  await newOwner(page, { locale: "fr" });
  await openDashboard(page, "fr", "/dashboard/knowledge");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(fr("KnowledgeSection.title"));
  await expect(page.getByTestId("knowledge-list")).toContainText(fr("KnowledgeSection.none"));

  // Nothing typed: each empty field named under it, in the server's words, and nothing sent.
  await page.getByRole("button", { name: fr("KnowledgeSection.add"), exact: true }).click();
  await expect(page.locator("#knowledge-new-title-error")).toHaveText(fr("Validation.required", { field: fr("Fields.title") }));
  await expect(page.locator("#knowledge-new-details-error")).toHaveText(fr("Validation.required", { field: fr("Fields.details") }));
  await expect(page.getByTestId("knowledge-error")).toHaveCount(0);

  await page.getByLabel(fr("KnowledgeSection.kind")).selectOption("price");
  await page.getByLabel(fr("KnowledgeSection.titlePrice")).fill("Détartrage");
  await page.getByLabel(fr("KnowledgeSection.bodyPrice")).fill("60 euros");
  await page.getByRole("button", { name: fr("KnowledgeSection.add"), exact: true }).click();
  const entry = page.getByTestId("knowledge-entry");
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText("Détartrage");
  await expect(page.getByTestId("knowledge-mode-fr")).toHaveText(
    fr("KnowledgeSection.mode.prompt", { language: fr("KnowledgeSection.languages.fr") }),
  );

  await entry.getByRole("button", { name: `${fr("KnowledgeSection.edit")} Détartrage` }).click();
  await page.locator('textarea[id$="-details"]').first().fill("65 euros");
  await page.getByRole("button", { name: fr("KnowledgeSection.save"), exact: true }).click();
  await expect(page.getByTestId("knowledge-entry")).toContainText("65 euros");

  await expectNoEnglish(page, "fr");
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 15_000 });
  await expectNoSeriousA11yViolations(page);

  await page
    .getByTestId("knowledge-entry")
    .getByRole("button", { name: `${fr("KnowledgeSection.delete")} Détartrage` })
    .click();
  await expect(page.getByTestId("knowledge-entry")).toHaveCount(0);
  await expect(page.getByTestId("knowledge-list")).toContainText(fr("KnowledgeSection.none"));
});
