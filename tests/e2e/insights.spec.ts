// The insights page in a real browser, in each language: once the receptionist has had a call the dashboard opens on
// it, the call is counted, each chart's table is there for whoever cannot read the chart, its CSV downloads in the page's
// language, the period form works without any script, and the page is accessible and fits 375 px.
import { expect, test, type Page } from "@playwright/test";
import { platformCall } from "./support/vapi";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { newOwner, readyReceptionist } from "./support/dashboard";
import { expectNoEnglish } from "./support/i18n";
import { at, LOCALES, m } from "./support/messages";

/**
 * A receptionist ready to answer, the owner's Try call (the real webhook path, kept out of the figures as out of usage)
 * and one call the platform answered: the one call the insights count.
 */
async function oneCall(page: Page, token: string) {
  await readyReceptionist(page, token);
  const call = async (data: unknown) => {
    const res = await page.request.post("/api/receptionist/try", { headers: { authorization: `Bearer ${token}` }, data });
    expect(res.status(), await res.text()).toBe(200);
    return res.json() as Promise<{ state: unknown }>;
  };
  const started = await call({ action: "start" });
  await call({ action: "end", state: started.state });
  const line = ((await (await page.request.get("/api/auth/profile")).json()) as { telnyxPhoneNumber: string }).telnyxPhoneNumber;
  await platformCall(page.request, line, "+33639980177", 95);
}

for (const locale of LOCALES) {
  test(`insights after a call: tables, CSV and period in ${locale}; axe and 375 px`, async ({ page }) => {
    const t = (key: string, params?: Record<string, string | number>) => m(locale, key, params);
    await page.setViewportSize({ width: 375, height: 800 });
    const owner = await newOwner(page, { locale });
    await oneCall(page, owner.token);

    await page.goto(at(locale, "/dashboard/insights"));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(t("Insights.title"));
    // The platform's call; the Try call is not one.
    await expect(page.getByTestId("stat-calls")).toHaveText("1");
    await expect(page.getByText(t("Insights.notes.tryCalls"))).toBeVisible();
    // The call only said hello: it wanted no appointment and ran no tool, so neither figure has anything to show yet.
    const receptionist = page.getByTestId("chart-receptionist");
    await expect(receptionist.getByRole("heading", { name: t("Insights.charts.receptionist.title") })).toBeVisible();
    await expect(receptionist.getByText(t("Insights.stats.bookingSuccess"), { exact: true })).toBeVisible();
    await expect(page.getByTestId("stat-booking-success")).toHaveText(t("Insights.stats.none"));
    await expect(receptionist.getByText(t("Insights.stats.answerTime"), { exact: true })).toBeVisible();
    await expect(page.getByTestId("stat-answer-time")).toHaveText(t("Insights.stats.none"));
    await expect(page.getByText(t("Insights.notes.bookingSuccess"))).toBeVisible();

    // The busiest-hours chart has its figures as a table, behind a disclosure.
    const hours = page.getByTestId("chart-hours");
    await hours.getByText(t("Insights.showTable")).click();
    const table = hours.getByRole("table");
    await expect(table).toBeVisible();
    await expect(table.getByRole("columnheader", { name: t("Insights.csv.weekday") })).toBeVisible();
    await expect(table.getByRole("rowheader", { name: t("Insights.weekdays.monday") })).toBeVisible();
    const perDay = page.getByTestId("chart-days");
    await perDay.getByText(t("Insights.showTable")).click();
    await expect(perDay.getByRole("table").getByRole("row")).toHaveCount(31); // the header and 30 days

    // Each chart's CSV, headers in the page's language.
    const href = await perDay.getByRole("link", { name: new RegExp(t("Insights.downloadCsv")) }).getAttribute("href");
    const csv = await page.request.get(href!);
    expect(csv.status()).toBe(200);
    expect(csv.headers()["content-type"]).toBe("text/csv; charset=utf-8");
    expect((await csv.text()).split("\r\n")[0]).toBe(
      ["csv.date", "series.answered", "series.afterHours", "series.abandoned", "csv.total"].map((k) => `"${t(`Insights.${k}`)}"`).join(","),
    );

    if (locale !== "en") await expectNoEnglish(page, locale);
    await expectNoSeriousA11yViolations(page);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `the insights overflow at 375 px in ${locale}`).toBeLessThanOrEqual(0);

    // The period: links for the usual ones, a plain form for chosen dates. Seven days, then dates the wrong way round,
    // refused in the page's language.
    await page.getByRole("link", { name: t("Insights.period.days7") }).click();
    await expect(page).toHaveURL(/days=7/);
    await expect(page.getByRole("link", { name: t("Insights.period.days7") })).toHaveAttribute("aria-current", "page");
    await page.getByTestId("chart-days").getByText(t("Insights.showTable")).click();
    await expect(page.getByTestId("chart-days").getByRole("table").getByRole("row")).toHaveCount(8);
    await page.getByLabel(t("Insights.period.from"), { exact: true }).fill("2026-10-31");
    await page.getByLabel(t("Insights.period.to"), { exact: true }).fill("2026-10-01");
    await page.getByRole("button", { name: t("Insights.period.apply") }).click();
    await expect(page.getByTestId("insights-error")).toHaveText(t("Validation.periodEndsBeforeStart"));
  });
}

test("an owner without calls lands on the setup they have left, and the insights page says there is nothing yet", async ({ page }) => {
  await newOwner(page);
  await page.goto(at("en", "/dashboard"));
  await expect(page).toHaveURL(/\/dashboard\/setup$/);
  await page.goto(at("en", "/dashboard/insights"));
  await expect(page.getByTestId("insights-empty")).toHaveText(m("en", "Insights.empty"));
  await expect(page.getByTestId("stat-calls")).toHaveText("0");
});

test("usage on the Subscription page: this period's calls and minutes, and a limit the owner sets, in French", async ({ page }) => {
  const fr = (key: string, params?: Record<string, string | number>) => m("fr", key, params);
  const owner = await newOwner(page, { locale: "fr" });
  // A Try call is the owner testing: in the call log, never in usage. A call the platform answered is.
  await oneCall(page, owner.token);
  await page.goto(at("fr", "/dashboard/subscription"));
  const card = page.getByTestId("usage");
  await expect(card.getByRole("heading", { name: fr("UsageSection.title") })).toBeVisible();
  await expect(card.getByTestId("usage-calls")).toHaveText("1");
  await expect(card.getByTestId("usage-minutes")).toContainText("2");
  await card.getByLabel(fr("UsageSection.alertLabel")).fill("0");
  await card.getByRole("button", { name: fr("UsageSection.save") }).click();
  await expect(card.locator("#usage-alert-error")).toHaveText(fr("Validation.alertMinutesInvalid"));
  await card.getByLabel(fr("UsageSection.alertLabel")).fill("30");
  await card.getByRole("button", { name: fr("UsageSection.save") }).click();
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: fr("UsageSection.saved") })).toBeVisible();
  await expect(card.getByTestId("usage-minutes")).toHaveText(/sur 30 minutes$/);
  await page.reload();
  await expect(page.getByTestId("usage").getByLabel(fr("UsageSection.alertLabel"))).toHaveValue("30");
});
