import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname) } },
  test: {
    include: ["**/*.test.ts"],
    exclude: ["node_modules/**", ".next/**", ".data/**", "tests/e2e/**"],
    globalSetup: ["tests/setup/global.ts"],
    setupFiles: ["tests/setup/env.ts"],
    // One database for the run; on PGlite one connection per process, so test files take turns.
    fileParallelism: false,
    pool: "forks",
    // next-intl imports "next/server" without an extension, which Node's ESM resolver refuses: let Vite resolve it.
    server: { deps: { inline: ["next-intl"] } },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
