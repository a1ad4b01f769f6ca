// End-to-end tests against the production build on a throwaway embedded database (tests/e2e/support/global-setup.ts).
// Debian's Chromium only: never `npx playwright install` (no downloads on these machines).
import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "./tests/e2e/support/server";

export default defineConfig({
  testDir: "tests/e2e",
  testMatch: "**/*.spec.ts",
  outputDir: "test-results",
  globalSetup: "./tests/e2e/support/global-setup.ts",
  // One app, one embedded database connection, two cores: tests run one at a time, and get time.
  workers: 1,
  fullyParallel: false,
  retries: 0,
  forbidOnly: !!process.env.CI,
  timeout: 90_000,
  expect: { timeout: 15_000 },
  reporter: [
    ["list"],
    // scripts/test.sh sets PLAYWRIGHT_JSON_OUTPUT_FILE to read the counts.
    ["json", { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_FILE ?? "test-results/results.json" }],
  ],
  use: {
    // Set by the global setup; the config is evaluated again in each worker, after it.
    baseURL: process.env.E2E_BASE_URL,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    actionTimeout: 20_000,
    navigationTimeout: 45_000,
  },
  projects: [
    {
      name: "chromium",
      use: {
        ...devices["Desktop Chrome"],
        launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS },
      },
    },
  ],
});
