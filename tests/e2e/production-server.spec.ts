// The production server at its edge, as `npm start` runs it: what scripts/server.mjs answers before Next.js (methods
// the app does not use, writes to static files), the headers of files served as they are, a server action or a
// state-changing GET sent by another site, the landing page's social proof, and a stop signal sent to the npm process
// alone. The suite's server (tests/e2e/support/global-setup.ts) serves the first checks; the last starts `npm start`
// itself on a throwaway data folder, reusing the build the suite made.
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import { expect, test } from "@playwright/test";
import { API_CSP, STATIC_CSP } from "../../lib/platform/http/security-headers.mjs";
import { type Answer, killGroup, send, slowPost } from "./support/instances";
import { freePort, makeDataDir, ROOT, serverEnv } from "./support/server";
import { m } from "./support/messages";

/** What node's HTTP parser refuses before any handler: bytes on a socket, the status line and headers read back. */
function sendRaw(baseURL: string, head: string): Promise<Answer> {
  const { hostname, port } = new URL(baseURL);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () => socket.write(head));
    let text = "";
    socket.setEncoding("utf8");
    socket.on("data", (c: string) => (text += c));
    socket.on("error", reject);
    socket.on("close", () => {
      const [top = "", body = ""] = text.split("\r\n\r\n");
      const [statusLine = "", ...lines] = top.split("\r\n");
      const headers = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(":")).toLowerCase(), l.slice(l.indexOf(":") + 1).trim()]));
      resolve({ status: Number(statusLine.split(" ")[1]), headers, body });
    });
  });
}

function expectSecurityHeaders(a: Answer, what: string, csp: string) {
  expect(a.headers["x-content-type-options"], what).toBe("nosniff");
  expect(a.headers["referrer-policy"], what).toBe("strict-origin-when-cross-origin");
  expect(a.headers["x-frame-options"], what).toBe("DENY");
  expect(a.headers["permissions-policy"], what).toBe("camera=(), microphone=(), geolocation=(), payment=()");
  expect(a.headers["content-security-policy"], what).toBe(csp);
}

test.describe("production server edge", () => {
  test("TRACE, unknown methods and writes to static files are a 405 with the security headers, never a 500", async ({ baseURL }) => {
    const chunk = /\/_next\/static\/[^"']+\.js/.exec((await send(baseURL!, "GET", "/")).body)?.[0];
    expect(chunk).toBeTruthy();
    const cases: [string, string][] = [
      ["TRACE", "/"],
      ["TRACE", "/api/health"],
      ["TRACE", "/favicon.svg"],
      ["TRACK", "/login"],
      ["PROPFIND", "/"],
      ["PURGE", "/fr/login"],
      ["POST", "/favicon.svg"],
      ["OPTIONS", chunk!],
      ["DELETE", "/audio/demo-call-en.mp3"],
    ];
    for (const [method, path] of cases) {
      const a = await send(baseURL!, method, path);
      const what = `${method} ${path}`;
      expect(a.status, what).toBe(405);
      expect(a.headers.allow, what).toBeTruthy();
      expectSecurityHeaders(a, what, API_CSP);
    }
    expect(JSON.parse((await send(baseURL!, "TRACE", "/api/health")).body)).toEqual({ message: "Method not allowed." });
    // Methods node's parser does not know, and CONNECT, never reach a request handler: the same answer.
    for (const head of ["FOO / HTTP/1.1\r\nHost: x\r\n\r\n", "CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n"]) {
      const a = await sendRaw(baseURL!, head);
      expect(a.status, head).toBe(405);
      expectSecurityHeaders(a, head, API_CSP);
    }
    // What the app serves is untouched.
    expect((await send(baseURL!, "GET", "/api/health")).status).toBe(200);
    expect((await send(baseURL!, "HEAD", "/favicon.svg")).status).toBe(200);
    expect((await send(baseURL!, "OPTIONS", "/api/health")).status).toBe(204);
  });

  test("files served as they are carry the security headers and a CSP under which no script runs", async ({ baseURL }) => {
    const chunk = /\/_next\/static\/[^"']+\.js/.exec((await send(baseURL!, "GET", "/")).body)?.[0];
    for (const path of [chunk!, "/favicon.svg", "/audio/demo-call-fr.mp3", "/robots.txt", "/sitemap.xml", "/no-such-file.png"]) {
      const a = await send(baseURL!, "GET", path);
      expect(a.status, path).toBe(path === "/no-such-file.png" ? 404 : 200);
      expectSecurityHeaders(a, path, STATIC_CSP);
      expect(STATIC_CSP).toContain("default-src 'none'");
      expect(STATIC_CSP).not.toContain("script-src");
    }
    // Pages keep exactly their own policy (a second one would be enforced too and block their scripts).
    for (const path of ["/", "/fr/login"]) {
      const csp = String((await send(baseURL!, "GET", path)).headers["content-security-policy"]);
      expect(csp, path).toMatch(/^default-src 'self'; script-src 'self' 'nonce-/);
      expect(csp, path).not.toContain("default-src 'none'");
    }
  });

  test("a server action posted from another origin is a 403 with a message, not a 500", async ({ baseURL }) => {
    const action = { "next-action": "0".repeat(40), "content-type": "text/plain;charset=UTF-8", accept: "text/x-component" };
    for (const path of ["/", "/fr/dashboard/calendar"]) {
      const a = await send(baseURL!, "POST", path, { ...action, origin: "https://evil.example", "accept-language": "en" }, "[]");
      expect(a.status, path).toBe(403);
      expect(a.body, path).toBe(m(path.startsWith("/fr") ? "fr" : "en", "Api.crossOrigin"));
      expectSecurityHeaders(a, path, API_CSP);
    }
  });

  test("a number claim another site sends through the visitor's browser is refused before anything else", async ({ baseURL }) => {
    // A link or redirect elsewhere: a top-level navigation, with the Lax session cookie and no Origin.
    const forged = await send(baseURL!, "GET", "/api/phone-numbers/claim", {
      "sec-fetch-site": "cross-site",
      "sec-fetch-mode": "navigate",
    });
    expect(forged.status).toBe(403);
    expect(JSON.parse(forged.body).message).toBe(m("en", "Api.crossOrigin"));
    // Sent by the dashboard itself it reaches the session check.
    expect((await send(baseURL!, "GET", "/api/phone-numbers/claim", { "sec-fetch-site": "same-origin" })).status).toBe(401);
  });

  test("a refusal the domain throws is a 4xx with a message in the production build, never a 500", async ({ baseURL }) => {
    // The build can bundle a module twice; an error thrown by one copy must still be recognised as a refusal.
    for (const path of [
      "/api/self-service/not-a-token",
      "/api/self-service/not-a-token/slots?date=2030-01-01",
      "/api/auth/validate-setup-token/nope",
    ]) {
      const res = await send(baseURL!, "GET", path, { "sec-fetch-site": "same-origin" });
      expect(res.status, `${path}: ${res.body}`).toBeGreaterThanOrEqual(400);
      expect(res.status, `${path}: ${res.body}`).toBeLessThan(500);
      expect(typeof JSON.parse(res.body).message, path).toBe("string");
    }
    // "Start free trial" through the API in sandbox billing: the sandbox checkout page, even anonymously.
    const checkout = await send(baseURL!, "GET", "/api/billing/checkout", { "sec-fetch-site": "same-origin" });
    expect(checkout.status, checkout.body).toBe(303);
  });

  test("the landing page claims no rating and no customer count unless they are configured", async ({ baseURL }) => {
    for (const path of ["/", "/fr", "/es"]) {
      const html = (await send(baseURL!, "GET", path)).body;
      expect(html, path).toContain('data-testid="trial-badge"');
      expect(html, path).not.toContain('data-testid="social-proof"');
      // The line it used to show whatever the facts: "Rated 4.9/5 by over 2,000 businesses".
      expect(html, path).not.toMatch(/\d[.,]\d\/5/);
    }
  });
});

test("`kill -TERM` to the npm process of `npm start` drains the requests in flight, exits 0 and leaves nothing listening", async () => {
  test.setTimeout(120_000);
  const dataDir = makeDataDir("recepta-stop-");
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const admin = { email: "stop-test@example.com", password: "stop-test-password-1" };
  const npm = spawn("npm", ["start"], {
    cwd: ROOT,
    env: { ...serverEnv(dataDir, port), SEED_ADMIN_EMAIL: admin.email, SEED_ADMIN_PASSWORD: admin.password },
    detached: true, // its own process group, so the test can tell when every process of it is gone
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const collect = (c: Buffer) => {
    output += c.toString();
    // The suite's server runs on this build: a second build under it would replace its files.
    if (output.includes("Building the app")) killGroup(npm.pid);
  };
  npm.stdout.on("data", collect);
  npm.stderr.on("data", collect);
  const exit = new Promise<{ code: number | null; signal: string | null; at: number }>((resolve) =>
    npm.once("exit", (code, signal) => resolve({ code, signal, at: Date.now() })),
  );
  try {
    const started = Date.now();
    await expect
      .poll(async () => (await send(baseURL, "GET", "/api/health").catch(() => null))?.status, { timeout: 90_000, intervals: [500] })
      .toBe(200);
    expect(output, "the build was stale: sources changed during the run").not.toContain("Building the app");
    console.log(`[stop] npm start ready after ${Math.round((Date.now() - started) / 1000)} s`);

    // Four sign-ins in flight: each has sent its headers and half its body; the other half follows the signal.
    const body = JSON.stringify(admin);
    const inFlight = Array.from({ length: 4 }, () => slowPost(port, "/api/auth/login", body));
    await new Promise((r) => setTimeout(r, 500));
    const signalledAt = Date.now();
    process.kill(npm.pid!, "SIGTERM"); // npm alone, as `docker stop` does when npm is PID 1
    await new Promise((r) => setTimeout(r, 1_000));
    // The listening socket is closed at once: nothing new is accepted while the requests in flight finish.
    await expect(send(baseURL, "GET", "/api/health")).rejects.toThrow(/ECONNREFUSED/);
    const answers = await Promise.all(inFlight.map((r) => r.finish()));
    for (const a of answers) {
      expect(a.status, a.body).toBe(200);
      expect(JSON.parse(a.body).user.email).toBe(admin.email);
    }

    const { code, signal, at } = await Promise.race([
      exit,
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error(`npm start still running 15 s after SIGTERM:\n${output}`)), 15_000),
      ),
    ]);
    expect({ code, signal }, output).toEqual({ code: 0, signal: null });
    expect(at - signalledAt).toBeLessThan(15_000);
    console.log(`[stop] exited ${code} ${at - signalledAt} ms after SIGTERM`);
    // Nothing left: no process of the group (launcher, server, the embedded database with it), and the port closed.
    await expect.poll(() => groupAlive(npm.pid!), { timeout: 5_000 }).toBe(false);
    await expect(send(baseURL, "GET", "/api/health")).rejects.toThrow(/ECONNREFUSED/);
  } finally {
    killGroup(npm.pid);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});

function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}
