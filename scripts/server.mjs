// Production HTTP server for `npm start`: Next.js behind node:http so the client address comes from the socket.
// Next itself only fills X-Forwarded-For when the client did not send one, so a client could pick its own address and
// slip past the per-address sign-in limit. Here the header is rewritten before Next sees it: the socket address alone,
// or, behind a trusted reverse proxy (TRUST_PROXY=true), the proxy's chain with the socket address appended.
import { createServer } from "node:http";
import next from "next";
import pino from "pino";
import { shutdown } from "./graceful.mjs";

const port = Number(process.env.PORT ?? 3000);
const trustProxy = process.env.TRUST_PROXY === "true" || process.env.TRUST_PROXY === "1";
const app = next({ dev: false, hostname: "localhost", port });
const handle = app.getRequestHandler();

await app.prepare();
const server = createServer((req, res) => {
  const socketIp = req.socket.remoteAddress ?? "unknown";
  const chain = trustProxy ? req.headers["x-forwarded-for"] : undefined;
  req.headers["x-forwarded-for"] = chain ? `${chain}, ${socketIp}` : socketIp;
  handle(req, res);
});
// The same JSON lines as the app's logger (lib/log/logger.ts); nothing personal is logged here.
const log = pino({
  level: process.env.LOG_LEVEL ?? "info",
  timestamp: pino.stdTimeFunctions.isoTime,
  formatters: { level: (label) => ({ level: label }) },
});
server.listen(port, () => log.info({ port }, `Recepta ready on http://localhost:${port}`));

// One ordered shutdown (scripts/graceful.mjs): stop accepting, let requests in flight finish (10 s at most), then the
// hooks the app registered on globalThis.__receptaShutdown (lib/server/shutdown.ts: job workers, then the database
// pool), then exit. A Ctrl-C reaches this process more than once within milliseconds (the terminal signals the whole
// process group and scripts/launch.ts forwards it too): only a signal a second or more after the first forces an exit.
let stoppingSince = 0;
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    if (stoppingSince) {
      if (Date.now() - stoppingSince < 1000) return;
      log.warn({ signal }, "second signal: exiting without waiting");
      process.exit(1);
    }
    stoppingSince = Date.now();
    log.info({ signal }, "shutting down");
    // Whatever happens below, the process ends: a hook stuck past every bound does not keep it alive.
    setTimeout(() => process.exit(1), 45_000).unref();
    shutdown(server, { hooks: globalThis.__receptaShutdown ?? [], log }).then(
      () => process.exit(0),
      (e) => {
        log.error({ name: e?.name }, "shutdown failed");
        process.exit(1);
      },
    );
  });
}
