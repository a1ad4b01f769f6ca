// What a first visit costs in JavaScript, page by page, read from the production build the suite runs against
// (scripts/first-load-js.ts): the landing page within 137 KB and every dashboard page within 200 KB, gzipped.
import path from "node:path";
import { expect, test } from "@playwright/test";
import { firstLoadJs } from "../../scripts/first-load-js";
import { ROOT } from "./support/server";

const BUDGETS: { pages: string; match: RegExp; kb: number }[] = [
  { pages: "the landing page", match: /^\/\[locale\]\/\(marketing\)\/page$/, kb: 137 },
  { pages: "a dashboard page", match: /^\/\[locale\]\/dashboard\//, kb: 200 },
];

test("each page's first-load JavaScript stays within its budget", () => {
  const pages = firstLoadJs(path.join(ROOT, ".next"));
  const report: string[] = [];
  for (const budget of BUDGETS) {
    const matched = pages.filter((p) => budget.match.test(p.route));
    expect(matched.length, `the build has ${budget.pages}`).toBeGreaterThan(0);
    for (const page of matched) {
      if (page.bytes > budget.kb * 1024) report.push(`${page.route}: ${page.bytes} bytes, over the ${budget.kb} KB budget`);
    }
  }
  expect(report, report.join("\n")).toEqual([]);
});
