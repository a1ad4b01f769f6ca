// The ordered shutdown of scripts/server.mjs, kept apart so it can be tested against a real node:http server:
// stop accepting → let in-flight requests finish (bounded) → the app's shutdown hooks, last registered first (job
// workers, then the database pool: lib/platform/process/shutdown.ts registers them on globalThis.__receptaShutdown).

const noop = () => {};
const quiet = { info: noop, warn: noop, error: noop };

/**
 * Stops accepting connections and waits for the requests in flight, up to `timeoutMs`; then cuts what is left.
 * Resolves once every connection is closed, with `forced` when some had to be cut.
 * @param {import("node:http").Server} server
 * @param {{ timeoutMs?: number }} [options]
 * @returns {Promise<{ forced: boolean }>}
 */
export function drainHttp(server, { timeoutMs = 10_000 } = {}) {
  return new Promise((resolve) => {
    let forced = false;
    // close() ends idle keep-alive connections once; a connection whose response finishes later would otherwise stay
    // open until its keep-alive timeout, so idle ones are closed as they appear.
    const idle = setInterval(() => server.closeIdleConnections(), 100);
    const deadline = setTimeout(() => {
      forced = true;
      server.closeAllConnections();
    }, timeoutMs);
    server.close(() => {
      clearInterval(idle);
      clearTimeout(deadline);
      resolve({ forced });
    });
    server.closeIdleConnections();
  });
}

/**
 * Runs the hooks last-registered first, one at a time, each bounded by `timeoutMs`; a hook that fails or hangs is
 * logged and the next one still runs.
 * @param {{ name: string, run: () => Promise<void> }[]} hooks
 * @param {{ timeoutMs?: number, log?: typeof quiet }} [options]
 */
export async function runShutdownHooks(hooks, { timeoutMs = 15_000, log = quiet } = {}) {
  for (const hook of [...hooks].reverse()) {
    let timer;
    const timeout = new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error(`timed out after ${timeoutMs} ms`)), timeoutMs);
    });
    try {
      await Promise.race([Promise.resolve().then(hook.run), timeout]);
      log.info({ hook: hook.name }, "stopped");
    } catch (e) {
      log.error({ hook: hook.name, name: e?.name, error: e?.message }, "shutdown hook failed");
    } finally {
      clearTimeout(timer);
    }
  }
}

/**
 * The whole sequence: HTTP drain, then the hooks.
 * @param {import("node:http").Server} server
 * @param {{ hooks: { name: string, run: () => Promise<void> }[], drainMs?: number, hookMs?: number, log?: typeof quiet }} options
 */
export async function shutdown(server, { hooks, drainMs = 10_000, hookMs = 15_000, log = quiet }) {
  const started = Date.now();
  const { forced } = await drainHttp(server, { timeoutMs: drainMs });
  if (forced) log.warn({ ms: Date.now() - started }, "requests still running after the drain timeout were cut");
  else log.info({ ms: Date.now() - started }, "http server drained");
  await runShutdownHooks(hooks, { timeoutMs: hookMs, log });
}
