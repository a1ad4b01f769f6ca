// Accessibility gate for e2e tests: axe-core on the current page (WCAG 2.0/2.1 A and AA rules); any serious or critical
// violation fails the test with a readable list (rule, help, offending elements).
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

export const A11Y_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

export async function expectNoSeriousA11yViolations(page: Page, opts: { exclude?: string[]; disableRules?: string[] } = {}): Promise<void> {
  let builder = new AxeBuilder({ page }).withTags(A11Y_TAGS);
  for (const selector of opts.exclude ?? []) builder = builder.exclude(selector);
  if (opts.disableRules?.length) builder = builder.disableRules(opts.disableRules);
  const results = await builder.analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  const report = serious
    .map((v) => {
      const targets = v.nodes.map((n) => `      ${n.target.map(String).join(" >> ")}`).join("\n");
      return `  [${v.impact}] ${v.id}: ${v.help} (${v.helpUrl})\n${targets}`;
    })
    .join("\n");
  expect(serious.length, `Serious accessibility violations on ${page.url()}:\n${report}\n`).toBe(0);
}
