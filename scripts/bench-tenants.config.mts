// The vitest configuration `npm run bench:tenants` runs its scenario with (scripts/bench-tenants.ts): the tests'
// database setup (an embedded database, or TEST_DB=postgres) and the scenario file alone, so no test run picks it up.
import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname, "..") } },
  test: {
    include: ["scripts/bench-tenants.scenario.ts"],
    globalSetup: ["tests/setup/global.ts"],
    setupFiles: ["tests/setup/env.ts"],
    pool: "forks",
    server: { deps: { inline: ["next-intl"] } },
    testTimeout: 15 * 60_000,
    hookTimeout: 60_000,
  },
});
