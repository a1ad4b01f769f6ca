// Playwright global setup: fresh DATA_DIR → fixture accounts → production server on a free port. The base URL and the
// data folder reach the workers through process.env (workers are started after this and inherit it; the config reads
// E2E_BASE_URL for `use.baseURL`). The returned function is the global teardown.
import { startFreshApp } from "./server";

export default async function globalSetup(): Promise<() => Promise<void>> {
  const started = Date.now();
  console.log("[e2e] preparing a fresh data folder and starting the production server (builds first if stale)…");
  const app = await startFreshApp({ withFixtures: true, keepDataDir: process.env.E2E_KEEP_DATA === "1" });
  process.env.E2E_BASE_URL = app.baseURL;
  process.env.E2E_DATA_DIR = app.dataDir;
  console.log(`[e2e] server ready at ${app.baseURL} (data ${app.dataDir}) after ${Math.round((Date.now() - started) / 1000)} s`);
  return async () => {
    await app.stop();
  };
}
