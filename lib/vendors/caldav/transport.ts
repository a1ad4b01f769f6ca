// The transport every CalDAV request goes through: a `fetch` for tsdav over node:http(s), so that the owner's server
// address (and each address the server hands back: redirects, principal and calendar-home hrefs) is checked on the
// connection itself. Only https (http too with allowPrivate); unless allowPrivate, no host that is or resolves to a
// loopback, private, link-local or unique-local address: the check runs on the addresses the socket then connects to,
// so a DNS answer cannot change between the check and the connection. A timeout and a size cap per request; nothing
// logged.
import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from "node:dns";
import http from "node:http";
import https from "node:https";
import { isIP } from "node:net";
import { isPublicAddress } from "@/lib/platform/http/public-address";

const MAX_RESPONSE_BYTES = 8 * 1024 * 1024;
const MAX_REDIRECTS = 5;

/** Addresses no owner's calendar server can have: anything but the public internet's (lib/platform/http/public-address.ts). */
export function isBlockedAddress(address: string): boolean {
  return !isPublicAddress(address);
}

/** What the transport saw of one operation's requests: enough to tell a refused password from an unreachable server. */
export type Probe = { status: number | null; authFailed: boolean; refused: boolean; davError: boolean };
export const newProbe = (): Probe => ({ status: null, authFailed: false, refused: false, davError: false });

class RefusedAddressError extends Error {
  readonly code = "ECALDAVREFUSED";
}

/** A `fetch` per operation (its probe records what came back), sharing kept-alive connections. */
export function createTransport(allowPrivate: boolean, timeoutMs: number): (probe: Probe) => typeof fetch {
  function guardedLookup(
    hostname: string,
    options: LookupOptions,
    callback: (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void,
  ): void {
    dnsLookup(hostname, { family: options.family, hints: options.hints, all: true }, (err, addresses) => {
      if (err) return callback(err, "");
      if (addresses.length === 0 || addresses.some((a) => isBlockedAddress(a.address))) return callback(new RefusedAddressError(), "");
      if (options.all) return callback(null, addresses);
      callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  }
  const lookup = allowPrivate ? undefined : guardedLookup;
  // Kept-alive connections: a free/busy on a phone call need not pay a TLS handshake each time.
  const agents = { "http:": new http.Agent({ keepAlive: true }), "https:": new https.Agent({ keepAlive: true }) };

  function checkUrl(url: URL): void {
    if (url.username || url.password) throw new RefusedAddressError();
    if (url.protocol !== "https:" && !(allowPrivate && url.protocol === "http:")) throw new RefusedAddressError();
    const host = url.hostname.replace(/^\[|\]$/g, "");
    // Literal addresses never reach the lookup.
    if (!allowPrivate && isIP(host) && isBlockedAddress(host)) throw new RefusedAddressError();
  }

  type Raw = { status: number; statusText: string; headers: string[]; body: Buffer };

  function send(url: URL, method: string, headers: Record<string, string>, body: Buffer | undefined): Promise<Raw> {
    checkUrl(url);
    return new Promise((resolve, reject) => {
      let done = false;
      const finish = (e: Error | null, raw?: Raw) => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        if (e) reject(e);
        else resolve(raw!);
      };
      const mod = url.protocol === "https:" ? https : http;
      const req = mod.request(url, { method, headers, agent: agents[url.protocol as "http:" | "https:"], lookup }, (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on("data", (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_RESPONSE_BYTES) {
            req.destroy();
            finish(new Error("response too large"));
          } else chunks.push(chunk);
        });
        res.on("end", () =>
          finish(null, {
            status: res.statusCode ?? 0,
            statusText: res.statusMessage ?? "",
            headers: res.rawHeaders,
            body: Buffer.concat(chunks),
          }),
        );
        res.on("error", (e) => finish(e));
        res.on("close", () => finish(new Error("connection closed")));
      });
      const timer = setTimeout(() => {
        req.destroy();
        finish(Object.assign(new Error("timeout"), { code: "ETIMEDOUT" }));
      }, timeoutMs);
      req.on("error", (e) => finish(e));
      req.end(body);
    });
  }

  /** One request, retried once when a kept-alive connection turns out closed (every request we make is idempotent). */
  async function sendWithRetry(url: URL, method: string, headers: Record<string, string>, body: Buffer | undefined): Promise<Raw> {
    try {
      return await send(url, method, headers, body);
    } catch (e) {
      if (!["ECONNRESET", "EPIPE"].includes(String((e as { code?: unknown }).code))) throw e;
      return send(url, method, headers, body);
    }
  }

  return function fetchFor(probe: Probe): typeof fetch {
    return async (input, init = {}) => {
      let url = new URL(input instanceof Request ? input.url : String(input));
      let method = (init.method ?? "GET").toUpperCase();
      const headers: Record<string, string> = {};
      new Headers(init.headers).forEach((value, name) => (headers[name] = value));
      if (init.body != null && typeof init.body !== "string") throw new TypeError("unsupported body");
      let body = typeof init.body === "string" ? Buffer.from(init.body, "utf8") : undefined;
      for (let redirects = 0; ; redirects++) {
        let raw: Raw;
        try {
          raw = await sendWithRetry(url, method, body ? { ...headers, "content-length": String(body.length) } : headers, body);
        } catch (e) {
          if (e instanceof RefusedAddressError || (e as { code?: unknown }).code === "ECALDAVREFUSED") probe.refused = true;
          throw e;
        }
        probe.status = raw.status;
        if (raw.status === 401 || raw.status === 403) probe.authFailed = true;
        // RFC 4791 §1.3: a failed precondition (valid-calendar-data, no-uid-conflict…) is a 403 with a DAV:error body.
        probe.davError = /<([\w-]+:)?error[\s>/]/.test(raw.body.toString("utf8", 0, 4096));
        const location = raw.headers[raw.headers.findIndex((h, i) => i % 2 === 0 && h.toLowerCase() === "location") + 1];
        if (raw.status >= 300 && raw.status < 400 && location && init.redirect !== "manual" && redirects < MAX_REDIRECTS) {
          const next = new URL(location, url);
          // Credentials never follow a redirect to another origin (as with fetch).
          if (next.origin !== url.origin) delete headers.authorization;
          if (raw.status === 303) [method, body] = ["GET", undefined];
          url = next;
          continue;
        }
        const responseHeaders = new Headers();
        for (let i = 0; i + 1 < raw.headers.length; i += 2) responseHeaders.append(raw.headers[i]!, raw.headers[i + 1]!);
        const nullBody = [101, 204, 205, 304].includes(raw.status);
        const response = new Response(nullBody ? null : new Uint8Array(raw.body), {
          status: raw.status,
          statusText: /^[\t\x20-\x7e]*$/.test(raw.statusText) ? raw.statusText : "",
          headers: responseHeaders,
        });
        Object.defineProperty(response, "url", { value: url.href });
        return response;
      }
    };
  };
}
