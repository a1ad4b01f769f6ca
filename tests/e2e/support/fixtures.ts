// What the global setup prepared for this run (tests/e2e/support/prepare.ts), read from E2E_DATA_DIR.
import fs from "node:fs";
import path from "node:path";

export type E2EFixtures = {
  /** Single-use setup links of pending accounts (setup-<locale>@e2e.test), one per locale. */
  setupTokens: { en: string; fr: string; es: string };
  /** A valid link of setup-preview@e2e.test, for tests that only look (or want a second pending account). */
  previewSetupToken: string;
  /** A link of setup-expired@e2e.test that expired an hour ago. */
  expiredSetupToken: string;
  /** A self-service link signed by this installation that expired an hour ago. */
  expiredSelfServiceToken: string;
  /** A live self-service link signed by this installation whose appointment does not exist. */
  orphanSelfServiceToken: string;
  accounts: Record<string, { email: string; fullName: string }>;
  /** An administrator who signs in with a password. */
  admin: { email: string; password: string; fullName: string };
  /** A French practice whose two patients' last cleaning was seven months ago (tests/e2e/support/recall-fixture.ts). */
  recall: {
    email: string;
    password: string;
    fullName: string;
    due: { name: string; phone: string };
    stopped: { name: string; phone: string };
  };
};

let cached: E2EFixtures | undefined;

export function fixtures(): E2EFixtures {
  if (cached) return cached;
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error("E2E_DATA_DIR is not set: run the end-to-end tests with `npx playwright test` (global setup).");
  cached = JSON.parse(fs.readFileSync(path.join(dir, "e2e-fixtures.json"), "utf8")) as E2EFixtures;
  return cached;
}

/** The running server, e.g. for a request made outside Playwright's `request`/`page` fixtures. */
export function baseURL(): string {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error("E2E_BASE_URL is not set: run the end-to-end tests with `npx playwright test` (global setup).");
  return url;
}
