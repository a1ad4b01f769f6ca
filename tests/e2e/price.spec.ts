// One product, one price: the landing page, the terms, the checkout and the Subscription page show the same amount in the same
// currency (the one the plan is billed in) in each language; only the number's format follows the locale.
import { expect, test, type Locator } from "@playwright/test";
import { newOwner, openDashboard } from "./support/dashboard";
import { at, LOCALES } from "./support/messages";

// The browser may put a no-break or narrow no-break space before "€": compare the characters that matter.
const normalized = (text: string) => text.replace(/[\s\u00a0\u202f]+/g, " ").trim();
const priceIn = async (locator: Locator) => /(€\s?\d+[.,]\d{2}|\d+[.,]\d{2}\s?€)/.exec(normalized(await locator.innerText()))?.[1];

for (const locale of LOCALES) {
  test(`the landing page, the terms, the checkout and the Subscription page show one price (${locale})`, async ({ page }) => {
    await page.goto(at(locale, "/"));
    const landing = await priceIn(page.getByTestId("plan-price"));
    expect(landing).toBe(locale === "en" ? "€49.99" : "49,99 €");

    await page.goto(at(locale, "/terms"));
    expect(normalized(await page.locator("main").innerText())).toContain(landing!);

    await page.goto(at(locale, "/sandbox/checkout"));
    expect(await priceIn(page.getByTestId("sandbox-plan"))).toBe(landing);

    await newOwner(page, { locale, tag: `price-${locale}` });
    await openDashboard(page, locale, "/dashboard/subscription");
    // The plan card renders once the subscription's answer is in.
    await expect.poll(() => priceIn(page.locator("main"))).toBe(landing);
  });
}
