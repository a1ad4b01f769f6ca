// Recall in French, in a real browser at phone width: the practice's two patients had their cleaning seven months
// ago. The owner is told recall needs the booking page, turns it on, sets a six-month interval for cleanings and sees
// both patients due; one of them texts STOP; the due texts go (the sandbox's "send now", the sweep's own work), the
// other patient is texted the booking page's link, listed as texted, and the one who opted out gets nothing.
import { expect, test, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { openDashboard, readyReceptionist, signIn } from "./support/dashboard";
import { fixtures } from "./support/fixtures";
import { expectNoEnglish } from "./support/i18n";
import { m } from "./support/messages";

const fr = (key: string, params: Record<string, string | number> = {}) => m("fr", key, params);
const frCount = (key: string, count: number) => m("fr", key, { count });
const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").filter({ hasText: text });

type Outbox = { messages: { channel: string; recipient: string; body: string }[] };

test.use({ viewport: { width: 375, height: 812 } });

test("a practice in French sets a recall interval and its due patients are texted, except the one who opted out", async ({ page }) => {
  test.setTimeout(150_000);
  const { recall } = fixtures();
  const { token } = await signIn(page, recall.email, recall.password);
  const auth = { authorization: `Bearer ${token}` };
  await readyReceptionist(page, token, "fr");

  await openDashboard(page, "fr", "/dashboard/recall");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(fr("RecallSection.title"));
  // The booking page is off: the owner is told no text goes out until it is on.
  const pageOff = page.getByTestId("recall-page-off");
  await expect(pageOff).toBeVisible();
  await expect(pageOff.getByRole("link", { name: fr("RecallSection.pageOff").match(/<link>(.*)<\/link>/)![1]! })).toHaveAttribute(
    "href",
    "/fr/dashboard/booking-page",
  );
  await expect(page.getByTestId("recall-due")).toContainText(fr("RecallSection.dueEmpty"));

  // Six months for cleanings; an interval out of bounds is refused under its field first.
  const cleaning = page.getByLabel(fr("RecallSection.intervalLabel", { service: "Détartrage" }));
  const save = page.getByRole("button", { name: fr("Dashboard.save"), exact: true });
  await cleaning.fill("61");
  await save.click();
  await expect(page.locator("#recall-0-error")).toHaveText(fr("Validation.recallMonthsInvalid"));
  await cleaning.fill("6");
  await save.click();
  await expect(toast(page, fr("RecallSection.saved"))).toBeVisible();
  const due = page.getByTestId("recall-due");
  await expect(due.getByRole("heading")).toHaveText(frCount("RecallSection.dueTitle", 2));
  await expect(due.getByTestId("recall-person")).toHaveCount(2);
  await expect(due).toContainText(`${recall.due.name} · Détartrage`);

  // The booking page on, and one patient texts STOP to the practice's line.
  expect((await page.request.put("/api/booking-page", { headers: auth, data: { enabled: true } })).status()).toBe(200);
  const stop = await page.request.post("/api/sandbox/texts", {
    headers: auth,
    data: { from: recall.stopped.phone, text: "STOP", channel: "sms" },
  });
  expect(stop.status(), await stop.text()).toBe(200);

  await page.reload();
  await expect(page.locator("html[data-dashboard-ready]")).toBeAttached();
  await expect(pageOff).toHaveCount(0);
  const stopped = due.getByTestId("recall-person").filter({ hasText: recall.stopped.name });
  await expect(stopped).toContainText(fr("RecallSection.optedOut"));
  await expectNoEnglish(page, "fr");
  await expectNoSeriousA11yViolations(page);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  await page.getByRole("button", { name: fr("RecallSection.sendNow") }).click();
  await expect(toast(page, frCount("RecallSection.sent", 1))).toBeVisible();
  const texted = page.getByTestId("recall-texted");
  await expect(texted.getByTestId("recall-person")).toHaveCount(1);
  await expect(texted).toContainText(`${recall.due.name} · Détartrage`);
  // Only the patient who opted out is still due.
  await expect(due.getByTestId("recall-person")).toHaveCount(1);
  await expect(due).toContainText(recall.stopped.name);

  // The text went from the practice's line, in French, with the booking page's link; nothing to the one who opted out.
  await expect
    .poll(async () => {
      const outbox = (await (await page.request.get("/api/outbox", { headers: auth })).json()) as Outbox;
      return outbox.messages.filter((msg) => msg.recipient === recall.due.phone).map((msg) => msg.body);
    })
    .toEqual([
      expect.stringMatching(/il est temps de prendre votre prochain rendez-vous \(Détartrage\)\. .*\/fr\/b\/[a-z0-9-]+\?via=recall/),
    ]);
  const outbox = (await (await page.request.get("/api/outbox", { headers: auth })).json()) as Outbox;
  expect(outbox.messages.filter((msg) => msg.recipient === recall.stopped.phone && msg.body.includes("via=recall"))).toEqual([]);
  // A second press finds nobody left to text.
  await page.getByRole("button", { name: fr("RecallSection.sendNow") }).click();
  await expect(toast(page, frCount("RecallSection.sent", 0))).toBeVisible();
  // The lists as they stand, once the toasts (still fading in and out) are gone.
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 15_000 });
  await expectNoSeriousA11yViolations(page);
});
