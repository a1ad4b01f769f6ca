// Transfers in French, in a real browser: with no one listed, callers go to the owner's phone; the owner lists two
// people, the server refuses an unreadable and a repeated number in French, the list is saved in order, reordered; with
// a warm transfer, the billing desk's "if no answer" is the front desk (a message by default), which follows the front
// desk when the list is reordered; a call's assistant is given both, each with what it is for and what its caller hears
// when it does not answer, warm and only during opening hours.
import { expect, test, type Page } from "@playwright/test";
import { exampleFor } from "@/lib/platform/phone/phone";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { newOwner, openDashboard, readyReceptionist } from "./support/dashboard";
import { expectNoEnglish } from "./support/i18n";
import { m } from "./support/messages";
import { platformCallStart } from "./support/vapi";

const fr = (key: string, params: Record<string, string | number> = {}) => m("fr", key, params);
const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").filter({ hasText: text });

type Routing = {
  warmTransfer: boolean;
  hours: string;
  destinations: { name: string; phone: string; when: string | null; backup: number | null }[];
};
type TransferCall = {
  type: "transferCall";
  destinations: {
    number: string;
    name: string;
    description: string;
    message: string;
    transferPlan?: { mode: string; fallbackPlan: { message: string } };
  }[];
};

// Open around the clock (00:00–23:59 every day), so that "opening hours only" still puts this test's call through.
const DAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"];
const ALL_DAY = Object.fromEntries(DAYS.map((d) => [d, { isOpen: true, openTime: "00:00", closeTime: "23:59" }]));

test("a practice in French lists who to put callers through to, and whom to try when each does not answer", async ({ page }) => {
  test.setTimeout(150_000);
  const owner = await newOwner(page, { tag: "transfers", locale: "fr" });
  const line = await readyReceptionist(page, owner.token, "fr");
  const auth = { authorization: `Bearer ${owner.token}` };
  expect((await page.request.put("/api/auth/update-working-hours", { headers: auth, data: { workingHours: ALL_DAY } })).status()).toBe(200);
  expect((await page.request.put("/api/auth/update-profile", { headers: auth, data: { phone: "06 12 34 56 78" } })).status()).toBe(200);
  const routing = async () => (await (await page.request.get("/api/call-routing")).json()) as Routing;

  await openDashboard(page, "fr", "/dashboard/transfers");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(fr("RoutingSection.title"));
  await expect(page.getByRole("link", { name: fr("Dashboard.nav.transfers") })).toHaveAttribute("aria-current", "page");
  // No one listed yet: callers who ask for someone reach the owner's own phone, shown as the owner writes it.
  await expect(page.getByTestId("routing-empty")).toHaveText(fr("RoutingSection.emptyFallback", { phone: "06 12 34 56 78" }));

  const add = page.getByRole("button", { name: fr("RoutingSection.add") });
  const save = page.getByRole("button", { name: fr("Dashboard.save"), exact: true });
  const error = page.getByTestId("routing-error");
  // A person with no name is refused under the field, before anything is sent.
  await add.click();
  await expect(page.locator("#routing-0-name")).toBeFocused();
  await save.click();
  await expect(page.locator("#routing-0-name-error")).toHaveText(fr("Validation.required", { field: fr("Fields.destinationName") }));
  await page.locator("#routing-0-name").fill("Accueil");
  await page.locator("#routing-0-phone").fill("01 44 55 66 01");
  await add.click();
  await page.locator("#routing-1-name").fill("Comptabilité");
  await page.locator("#routing-1-phone").fill("pas un numéro");
  await page.locator("#routing-1-when").fill("les questions de facturation");
  await expect(page.getByTestId("routing-destination")).toHaveCount(2);

  // The server reads the numbers: one it cannot read, then the first one written another way, are refused in French.
  await save.click();
  // The message names whose number it is.
  await expect(error).toHaveText(fr("Validation.phoneUnreadable", { field: "Comptabilité", example: exampleFor("FR") }));
  await page.locator("#routing-1-phone").fill("+33 1 44 55 66 01");
  await save.click();
  await expect(error).toHaveText(fr("Validation.destinationsRepeated", { field: fr("Fields.destinations") }));
  await page.locator("#routing-1-phone").fill("01 44 55 66 02");
  await save.click();
  await expect(toast(page, fr("RoutingSection.saved"))).toBeVisible();
  await expect(error).toHaveCount(0);

  // After a reload the list is the saved one, in order, each number in the owner's form.
  await page.reload();
  await expect(page.locator("html[data-dashboard-ready]")).toBeAttached();
  await expect(page.getByTestId("routing-destination")).toHaveCount(2);
  await expect(page.locator("#routing-0-name")).toHaveValue("Accueil");
  await expect(page.locator("#routing-0-phone")).toHaveValue("01 44 55 66 01");
  await expect(page.locator("#routing-0-when")).toHaveValue("");
  await expect(page.locator("#routing-1-name")).toHaveValue("Comptabilité");
  await expect(page.locator("#routing-1-phone")).toHaveValue("01 44 55 66 02");
  await expect(page.locator("#routing-1-when")).toHaveValue("les questions de facturation");

  // Billing moves to the top; the keyboard stays with it (its "move down" button, "move up" being disabled there).
  await page.getByRole("button", { name: `${fr("RoutingSection.moveUp")} Comptabilité` }).click();
  await expect(page.locator("#routing-0-name")).toHaveValue("Comptabilité");
  await expect(page.getByRole("button", { name: `${fr("RoutingSection.moveDown")} Comptabilité` })).toBeFocused();
  await save.click();
  await expect
    .poll(async () => (await routing()).destinations)
    .toEqual([
      { name: "Comptabilité", phone: "+33144556602", when: "les questions de facturation", backup: null },
      { name: "Accueil", phone: "+33144556601", when: null, backup: null },
    ]);

  // "If no answer" matters only when the call comes back: it is shown with a warm transfer, a message by default.
  await expect(page.locator("#routing-0-backup")).toHaveCount(0);
  await page.getByLabel(fr("RoutingSection.warmTransfer")).check();
  await expect(page.locator("#routing-0-backup")).toHaveValue("");
  await expect(page.locator("#routing-0-backup option:checked")).toHaveText(fr("RoutingSection.takeMessage"));
  // Billing falls back to the front desk; the front desk to a message. Warm transfers, during opening hours only.
  await page.locator("#routing-0-backup").selectOption({ label: "Accueil" });
  await page.getByLabel(fr("RoutingSection.hoursOpen")).check();
  await save.click();
  await expect
    .poll(async () => ((r) => [r.warmTransfer, r.hours, r.destinations.map((d) => d.backup)])(await routing()))
    .toEqual([true, "open", [1, null]]);

  // The front desk moves back to the top: billing's backup follows it.
  await page.getByRole("button", { name: `${fr("RoutingSection.moveUp")} Accueil` }).click();
  await expect(page.locator("#routing-0-name")).toHaveValue("Accueil");
  await expect(page.locator("#routing-0-backup")).toHaveValue("");
  await expect(page.locator("#routing-1-backup option:checked")).toHaveText("Accueil");
  await save.click();
  await expect
    .poll(async () => (await routing()).destinations.map((d) => [d.name, d.backup]))
    .toEqual([
      ["Accueil", null],
      ["Comptabilité", 0],
    ]);

  await expectNoEnglish(page, "fr");
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 15_000 });
  await expectNoSeriousA11yViolations(page);
  // Two people listed, with whom to try when each does not answer, still fit a 375 px screen.
  await page.setViewportSize({ width: 375, height: 800 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  // A call's assistant may put the caller through to both, each for what it is for and briefed first; billing not
  // answering, the caller hears the front desk is tried; the front desk not answering, that a message can be taken.
  await pastMidnightMinute(page);
  const { assistant } = await platformCallStart(page.request, line, "+33698765432");
  const tools = (assistant as { model: { tools: { type: string }[] } }).model.tools;
  const transfer = tools.find((t): t is TransferCall => t.type === "transferCall");
  expect(transfer?.destinations.map((d) => [d.name, d.number, d.description])).toEqual([
    ["Accueil", "+33144556601", "Accueil: toute demande qui ne relève d'aucun autre contact"],
    ["Comptabilité", "+33144556602", "Comptabilité: les questions de facturation"],
  ]);
  expect(transfer?.destinations.map((d) => d.transferPlan?.mode)).toEqual(["warm-transfer-experimental", "warm-transfer-experimental"]);
  expect(transfer?.destinations.map((d) => [d.message, d.transferPlan?.fallbackPlan.message])).toEqual([
    ["Je vous transfère à l'accueil.", "L'accueil ne répond pas pour le moment. Je peux prendre un message pour que l'on vous rappelle."],
    [
      "Je vous transfère à la comptabilité.",
      "La comptabilité ne répond pas pour le moment. Je vais essayer de vous transférer à l'accueil.",
    ],
  ]);
});

/** The one minute of the day the hours above leave closed (23:59 in Paris) is waited out. */
async function pastMidnightMinute(page: Page) {
  const clock = new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/Paris", hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
  const now = new Date();
  if (clock.format(now) === "23:59") await page.waitForTimeout(61_000 - now.getSeconds() * 1000);
}
