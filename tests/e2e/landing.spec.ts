// The landing page as a visitor meets it, in each language, on a desktop and at 375 px.
import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { expectNoEnglish } from "./support/i18n";
import { at, LOCALES, m } from "./support/messages";

const PRICE = { en: "€49.99", fr: "49,99 €", es: "49,99 €" } as const;

const CONTACT = { en: "+1 555-010-0199", fr: "+33 1 99 00 01 99", es: "+34 910 000 199" } as const;
const CALL_LANGUAGES = {
  en: "English, French, and Spanish",
  fr: "anglais, français et espagnol",
  es: "inglés, francés y español",
} as const;

for (const locale of LOCALES) {
  test.describe(`landing page (${locale})`, () => {
    test("shows the hero, trial badge, plan at the locale's price, FAQ and footer, in the page's language", async ({ page }) => {
      await page.goto(at(locale, "/"));
      await expect(page.locator("html")).toHaveAttribute("lang", locale);
      await expect(page.getByRole("heading", { level: 1 })).toContainText(m(locale, "HomePage.heroTitle"));
      await expect(page.getByTestId("trial-badge")).toHaveText(m(locale, "HomePage.trialBadge"));
      // The plan's one currency (EUR) in every language, in the locale's format (the space before € may be a narrow no-break space).
      await expect(page.getByTestId("plan-price")).toHaveText(new RegExp(PRICE[locale].replace(/[$.]/g, "\\$&").replace(" ", "\\s")));
      await expect(page.getByTestId("pricing-card").getByRole("listitem")).toHaveCount(3 + 7);
      await expect(page.locator("footer")).toContainText(String(new Date().getFullYear()));
      await expect(page.locator("footer").getByRole("link", { name: m(locale, "Footer.privacy") })).toHaveAttribute(
        "href",
        at(locale, "/privacy"),
      );
      await expect(page.locator("footer").getByRole("link", { name: m(locale, "Footer.terms") })).toHaveAttribute(
        "href",
        at(locale, "/terms"),
      );
      await expect(page).toHaveTitle(m(locale, "HomePage.metaTitle"));
      // The contact number configured for this language's pages (its default here), in the footer and the hero.
      await expect(page.locator("footer").getByRole("link", { name: CONTACT[locale] })).toHaveAttribute(
        "href",
        `tel:${CONTACT[locale].replace(/[^+\d]/g, "")}`,
      );
      // The FAQ's languages come from the configuration: the three call languages, in the page's words.
      await expect(page.locator("#faq")).toContainText(CALL_LANGUAGES[locale]);
      if (locale !== "en") await expectNoEnglish(page, locale);
      await expectNoSeriousA11yViolations(page);
    });
  });
}

test("the French badge reads '7j gratuit' (spec §9)", async ({ page }) => {
  await page.goto("/fr");
  await expect(page.getByTestId("trial-badge")).toHaveText("7j gratuit");
});

test("the FAQ answers open and close from the keyboard", async ({ page }) => {
  await page.goto("/");
  const question = page.getByText(m("en", "HomePage.faq.calendar.question"));
  const answer = page.getByText(m("en", "HomePage.faq.calendar.answer"));
  await expect(answer).toBeHidden();
  await question.focus();
  await page.keyboard.press("Enter");
  await expect(answer).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(answer).toBeHidden();
});

test("the profession word changes every 3 seconds, and stays still for reduced motion", async ({ page }) => {
  await page.goto("/");
  const word = page.getByTestId("hero-word");
  const first = await word.innerText();
  await expect(word).not.toHaveText(first, { timeout: 5_000 });

  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.reload();
  const still = await word.innerText();
  await page.waitForTimeout(4_000);
  await expect(word).toHaveText(still);
});

test("the demo call plays, pauses, and resets at the end", async ({ page }) => {
  await page.goto("/");
  const toggle = page.getByTestId("demo-toggle");
  await expect(toggle).toHaveAccessibleName(m("en", "HomePage.demo.play"));
  await toggle.click();
  await expect(page.getByTestId("now-playing")).toHaveText(m("en", "HomePage.demo.nowPlaying"));
  await expect(toggle).toHaveAccessibleName(m("en", "HomePage.demo.pause"));
  await expect.poll(() => page.locator("audio").evaluate((a: HTMLAudioElement) => a.currentTime)).toBeGreaterThan(0);
  await toggle.click();
  await expect(page.getByTestId("now-playing")).toBeHidden();
  await expect(toggle).toHaveAccessibleName(m("en", "HomePage.demo.play"));

  // Near the end: it plays out, then stops and rewinds.
  await page.locator("audio").evaluate((a: HTMLAudioElement) => {
    a.currentTime = Math.max(0, a.duration - 0.5);
  });
  await toggle.click();
  await expect(page.getByTestId("now-playing")).toBeHidden({ timeout: 10_000 });
  await expect.poll(() => page.locator("audio").evaluate((a: HTMLAudioElement) => a.currentTime)).toBe(0);
  await expect(toggle).toHaveAccessibleName(m("en", "HomePage.demo.play"));
});

test("a visitor's Start free trial opens the checkout in the same tab, on a phone too", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto("/");
  const popups: unknown[] = [];
  page.on("popup", (p) => popups.push(p));
  await page.getByTestId("pricing-cta").click();
  await page.waitForURL(/\/sandbox\/checkout/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(m("en", "SandboxCheckout.title"));
  expect(popups).toEqual([]);
});

test("the language switch keeps the page and remembers the choice", async ({ page }) => {
  await page.goto("/privacy");
  await page.locator("header").getByRole("link", { name: "FR Français" }).first().click();
  await expect(page).toHaveURL(/\/fr\/privacy$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  await page.goto("/"); // the stored preference wins over the browser's language
  await expect(page).toHaveURL(/\/fr$/);
  await page.locator("header").getByRole("link", { name: "EN English" }).first().click();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  expect(new URL(page.url()).pathname).toBe("/");
});

test("at 375 px the page fits the screen and the slide-in menu offers sign-in, trial and language", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto("/es");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.getByRole("button", { name: m("es", "SiteHeader.openMenu") }).click();
  const menu = page.getByRole("dialog", { name: m("es", "SiteHeader.menu") });
  await expect(menu).toBeVisible();
  await expect(menu.getByRole("link", { name: m("es", "SiteHeader.signIn") })).toBeVisible();
  await expect(menu.getByRole("link", { name: m("es", "SiteHeader.startTrial") })).toBeVisible();
  await expect(menu.getByRole("link", { name: "FR Français" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  await expectNoSeriousA11yViolations(page);
});

test("SEO: per-locale canonical and hreflang alternates, Open Graph card, sitemap and robots", async ({ page, request }) => {
  await page.goto("/es");
  const origin = new URL(page.url()).origin;
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${origin}/es`);
  for (const [lang, href] of [
    ["en", origin],
    ["fr", `${origin}/fr`],
    ["es", `${origin}/es`],
    ["x-default", origin],
  ]) {
    await expect(page.locator(`link[rel="alternate"][hreflang="${lang}"]`)).toHaveAttribute("href", href!);
  }
  const og = await page.locator('meta[property="og:image"]').getAttribute("content");
  const image = await request.get(new URL(og!).pathname);
  expect(image.headers()["content-type"]).toBe("image/png");
  expect((await image.body()).length).toBeGreaterThan(10_000);

  const sitemap = await (await request.get("/sitemap.xml")).text();
  expect(sitemap).toContain(`${origin}/fr/privacy`);
  expect(sitemap).toContain(`${origin}/es/register`);
  const robots = await (await request.get("/robots.txt")).text();
  expect(robots).toContain(`Sitemap: ${origin}/sitemap.xml`);
  expect(robots).toContain("Disallow: /dashboard");
});

test("an unknown route goes to the landing page, in its language", async ({ page }) => {
  await page.goto("/no/such/page");
  expect(new URL(page.url()).pathname).toBe("/");
  await page.goto("/fr/nulle-part");
  expect(new URL(page.url()).pathname).toBe("/fr");
});

test("the scroll progress bar grows as the page scrolls", async ({ page }) => {
  await page.goto("/");
  const width = () => page.getByTestId("scroll-progress").evaluate((el) => el.getBoundingClientRect().width);
  expect(await width()).toBeLessThan(5);
  await page.evaluate(() => window.scrollTo(0, (document.documentElement.scrollHeight - window.innerHeight) / 2));
  await expect.poll(width).toBeGreaterThan(100);
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect.poll(width).toBeGreaterThan((await page.evaluate(() => window.innerWidth)) - 5);
});
