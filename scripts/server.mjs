// Production HTTP server for `npm start` and for the container image (scripts/standalone.mjs runs this file): Next.js
// behind node:http so the client address comes from the socket.
// Next itself only fills X-Forwarded-For when the client did not send one, so a client could pick its own address and
// slip past the per-address sign-in limit. Here the header is rewritten before Next sees it: the socket address alone,
// or, behind trusted reverse proxies (TRUST_PROXY=true or a hop count), their chain with the socket address appended.
// Requests Next.js cannot serve are answered here (see refusal below), and HSTS is added to every answer.
import fs from "node:fs";
import { createServer } from "node:http";
import path from "node:path";
import next from "next";
import pino from "pino";
import { API_CSP, BASE_HEADERS, HSTS, wantsHsts } from "../lib/platform/http/security-headers.mjs";
import { shutdown } from "./graceful.mjs";

const port = Number(process.env.PORT ?? 3000);
// Any number of trusted hops (lib/platform/env.ts reads how many): their chain is passed on, the socket address appended.
const trustProxy = !!process.env.TRUST_PROXY && process.env.TRUST_PROXY !== "false" && process.env.TRUST_PROXY !== "0";
// The configuration the build recorded, the one Next's own standalone server.js passes the same way: this serves what
// was built (launch.ts rebuilds when next.config.ts changes), also where next.config.ts cannot be loaded (the container
// image: scripts/standalone.mjs, no TypeScript), and Next does not warn that a standalone build wants its own server.
const builtConfig = path.join(process.cwd(), ".next", "required-server-files.json");
if (!process.env.__NEXT_PRIVATE_STANDALONE_CONFIG && fs.existsSync(builtConfig)) {
  process.env.__NEXT_PRIVATE_STANDALONE_CONFIG = JSON.stringify(JSON.parse(fs.readFileSync(builtConfig, "utf8")).config);
}
const app = next({ dev: false, hostname: "localhost", port });
const handle = app.getRequestHandler();

// HSTS follows the APP_URL of this run (headers in next.config.ts are fixed at build time): here it reaches every
// answer, the static files included; proxy.ts sets the same value on pages and API answers.
const hsts = wantsHsts(process.env.NODE_ENV, process.env.APP_URL ?? "");

// Next.js builds a WHATWG Request for the proxy, which throws on TRACE and TRACK (a 500 and a stack trace in the log);
// other methods it does not know render the page (PROPFIND / answers 200); a static file asked with POST or OPTIONS is
// a 500. So only the methods the app uses reach Next, and files served as they are take GET and HEAD only. What node's
// parser refuses itself (a method it does not know, CONNECT, a malformed request) gets the same headers too.
const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];
const READ_ONLY = ["GET", "HEAD"];

/** The Allow list of a 405 for a request Next.js must not see, or null to hand it on. */
function refusedMethod(method, pathname) {
  if (!METHODS.includes(method)) return METHODS;
  // The complement of the proxy's matcher (proxy.ts): Next's build output and paths with a file extension.
  const isFile = pathname.startsWith("/_next/") || (!isApi(pathname) && /\.[^/]+$/.test(pathname));
  return isFile && !READ_ONLY.includes(method) ? READ_ONLY : null;
}

const isApi = (pathname) => pathname === "/api" || pathname.startsWith("/api/");

/** The path of a request target (origin form, or the absolute form a proxy sends), "/" when it cannot be read. */
function pathOf(url = "/") {
  if (url.startsWith("/")) return url.split(/[?#]/, 1)[0];
  try {
    return new URL(url).pathname;
  } catch {
    return "/";
  }
}

/** An error answered here: the headers every answer carries, and the strict API policy (nothing to render). */
function plainAnswer(status, { api = false, allow } = {}) {
  const text =
    {
      400: "Bad request.",
      405: "Method not allowed.",
      408: "Request timeout.",
      413: "Payload too large.",
      431: "Request header fields too large.",
    }[status] ?? "Error.";
  const body = api ? JSON.stringify({ message: text }) : `${text}\n`;
  const headers = {
    ...BASE_HEADERS,
    "Content-Security-Policy": API_CSP,
    ...(hsts ? { "Strict-Transport-Security": HSTS } : {}),
    ...(allow ? { Allow: allow.join(", ") } : {}),
    "Content-Type": api ? "application/json" : "text/plain; charset=utf-8",
    "Content-Length": String(Buffer.byteLength(body)),
    "Cache-Control": "no-store",
  };
  return { status, headers, body };
}

/** The same answer on a socket node's HTTP parser gave up on (no request object to answer through). */
function writeRaw(socket, { status, headers, body }) {
  const reason =
    {
      400: "Bad Request",
      405: "Method Not Allowed",
      408: "Request Timeout",
      413: "Payload Too Large",
      431: "Request Header Fields Too Large",
    }[status] ?? "Error";
  const lines = Object.entries({ ...headers, Connection: "close" }).map(([k, v]) => `${k}: ${v}`);
  socket.end(`HTTP/1.1 ${status} ${reason}\r\n${lines.join("\r\n")}\r\n\r\n${body}`);
}

await app.prepare();
const server = createServer((req, res) => {
  const pathname = pathOf(req.url);
  const allow = refusedMethod(req.method ?? "GET", pathname);
  if (allow) {
    const { status, headers, body } = plainAnswer(405, { api: isApi(pathname), allow });
    res.writeHead(status, headers).end(body);
    return;
  }
  if (hsts) res.setHeader("Strict-Transport-Security", HSTS);
  const socketIp = req.socket.remoteAddress ?? "unknown";
  const chain = trustProxy ? req.headers["x-forwarded-for"] : undefined;
  req.headers["x-forwarded-for"] = chain ? `${chain}, ${socketIp}` : socketIp;
  handle(req, res);
});
// CONNECT (a proxy tunnel) never reaches the request handler.
server.on("connect", (req, socket) => writeRaw(socket, plainAnswer(405, { api: isApi(pathOf(req.url)), allow: METHODS })));
// Node's own answers to what its parser refuses (the same statuses), with our headers; a connection that is gone or
// already answering is only closed.
const PARSER_STATUS = {
  HPE_INVALID_METHOD: 405,
  HPE_HEADER_OVERFLOW: 431,
  HPE_CHUNK_EXTENSIONS_OVERFLOW: 413,
  ERR_HTTP_REQUEST_TIMEOUT: 408,
};
server.on("clientError", (err, socket) => {
  if (err.code === "ECONNRESET" || !socket.writable || socket.bytesWritten > 0) return void socket.destroy();
  const status = PARSER_STATUS[err.code] ?? 400;
  writeRaw(socket, plainAnswer(status, status === 405 ? { allow: METHODS } : {}));
});
// The same JSON lines as the app's logger (lib/platform/log/logger.ts); nothing personal is logged here.
const log = pino({
  level: process.env.LOG_LEVEL ?? "info",
  timestamp: pino.stdTimeFunctions.isoTime,
  formatters: { level: (label) => ({ level: label }) },
});
server.listen(port, () => log.info({ port }, `Recepta ready on http://localhost:${port}`));

// One ordered shutdown (scripts/graceful.mjs): stop accepting, let requests in flight finish (10 s at most), then the
// hooks the app registered on globalThis.__receptaShutdown (lib/platform/process/shutdown.ts: job workers, then the database
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
