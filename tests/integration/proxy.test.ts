// The proxy's optimistic gate, called as Next calls it.
import { NextRequest } from "next/server";
import { unstable_doesMiddlewareMatch as matches } from "next/experimental/testing/server";
import { beforeAll, describe, expect, it } from "vitest";
import { resetEnvCache } from "@/lib/platform/env";
import proxy, { config } from "@/proxy";
import { addPoolNumbers, api, type Account, connectSandboxCalendar, createAdmin, registerOwner, startTrial } from "../helpers/api";

let owner: Account;
let admin: Account;

beforeAll(async () => {
  owner = await registerOwner();
  admin = await createAdmin();
});

const call = (path: string, token?: string, headers: Record<string, string> = {}) =>
  proxy(
    new NextRequest(new URL(path, "http://localhost:3000"), {
      headers: { ...headers, ...(token ? { cookie: `authjs.session-token=${token}` } : {}) },
    }),
  );

const send = (method: string, path: string, headers: Record<string, string>) =>
  proxy(new NextRequest(new URL(path, "http://localhost:3000"), { method, headers }));

/** As Next.js does: the proxy first, and the route handler only when the proxy passed the request on. */
async function throughProxy(method: string, path: string, headers: Record<string, string>) {
  const gate = await send(method, path, headers);
  if (gate.headers.get("x-middleware-next") !== "1") return { status: gate.status, body: await gate.json() };
  const { cookie, ...rest } = headers;
  return api(method, path, { cookie, headers: rest });
}

/** The nonce of a page's CSP. */
const nonceOf = (res: Response) => /'nonce-([^']+)'/.exec(res.headers.get("content-security-policy") ?? "")?.[1];

describe("proxy", () => {
  it("sends anonymous dashboard visits to the login page of their language", async () => {
    expect((await call("/dashboard/profile")).headers.get("location")).toBe("http://localhost:3000/login");
    expect((await call("/fr/dashboard")).headers.get("location")).toBe("http://localhost:3000/fr/login");
  });

  it("tells a browser whose session cookie no longer verifies that its session expired", async () => {
    expect((await call("/dashboard/profile", "not-a-valid-token")).headers.get("location")).toBe(
      "http://localhost:3000/login?expired=true",
    );
    expect((await call("/es/dashboard/calls", "not-a-valid-token")).headers.get("location")).toBe(
      "http://localhost:3000/es/login?expired=true",
    );
  });

  it("sends owners away from admin pages and lets admins in", async () => {
    expect((await call("/dashboard/admin/users", owner.token)).headers.get("location")).toBe("http://localhost:3000/dashboard");
    expect((await call("/es/dashboard/admin/telnyx-numbers", owner.token)).headers.get("location")).toBe(
      "http://localhost:3000/es/dashboard",
    );
    expect((await call("/dashboard/admin/users", admin.token)).headers.get("location")).toBeNull();
  });

  it("answers 401 and 403 JSON on the API, in the caller's language", async () => {
    const anon = await call("/api/auth/profile", undefined, { "accept-language": "es" });
    expect(anon.status).toBe(401);
    expect((await anon.json()).message).toBe("Se requiere autenticación. Inicie sesión.");
    const forbidden = await call("/api/admin/users", owner.token);
    expect(forbidden.status).toBe(403);
    expect((await call("/api/health")).status).toBe(200);
  });

  it("routes locales: English unprefixed, the cookie then Accept-Language choosing the others", async () => {
    expect((await call("/", undefined, { "accept-language": "fr-FR" })).headers.get("location")).toBe("http://localhost:3000/fr");
    expect((await call("/", undefined, { cookie: "NEXT_LOCALE=es", "accept-language": "fr" })).headers.get("location")).toBe(
      "http://localhost:3000/es",
    );
    expect((await call("/", undefined, { "accept-language": "en-US" })).headers.get("location")).toBeNull();
  });

  it("lets a revoked token past the optimistic gate but not past the handler", async () => {
    await api("POST", "/api/auth/logout", { token: owner.token });
    expect((await call("/api/auth/profile", owner.token)).status).toBe(200); // the proxy passes it on…
    expect((await api("GET", "/api/auth/profile", { token: owner.token })).status).toBe(401); // …the handler refuses it
  });

  it("runs on every page and every API path (dotted ones too) but the webhooks and the health check, not on Next's assets or public files", () => {
    for (const url of [
      "/",
      "/fr/login",
      "/dashboard/profile",
      "/api",
      "/api/auth/validate-setup-token/a.b",
      "/api/admin/users/x.json",
      "/api/healthy",
      "/api/health/x",
      "/api/webhooks",
      "/fr/api/health",
    ]) {
      expect(matches({ config, url }), url).toBe(true);
    }
    for (const url of [
      "/_next/static/chunks/app.js",
      "/favicon.svg",
      "/audio/demo-call-en.mp3",
      "/robots.txt",
      "/api/health",
      "/api/webhooks/vapi",
      "/api/webhooks/stripe",
      "/api/webhooks/telnyx/messaging",
    ]) {
      expect(matches({ config, url }), url).toBe(false);
    }
  });

  it("gives every page a strict CSP with a nonce of its own, handed on to the render", async () => {
    const first = await call("/login");
    const second = await call("/fr/privacy");
    const csp = first.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("script-src 'self' 'nonce-");
    expect(csp).toContain("'strict-dynamic'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain("unsafe-eval");
    expect(nonceOf(first)).toBeTruthy();
    expect(nonceOf(second)).not.toBe(nonceOf(first));
    // Next.js finds the nonce in the request's CSP header; x-nonce is there for our own components.
    expect(first.headers.get("x-middleware-request-x-nonce")).toBe(nonceOf(first));
    expect(first.headers.get("x-middleware-request-content-security-policy")).toBe(csp);
    // Redirects carry it too.
    expect(nonceOf(await call("/dashboard/profile"))).toBeTruthy();
  });

  it("gives API answers a CSP that allows nothing, except the consent callback, which sets its own", async () => {
    expect((await call("/api/health")).headers.get("content-security-policy")).toBe("default-src 'none'; frame-ancestors 'none'");
    expect((await call("/api/auth/profile")).headers.get("content-security-policy")).toBe("default-src 'none'; frame-ancestors 'none'");
    expect((await call("/api/google-calendar/callback?code=x", admin.token)).headers.get("content-security-policy")).toBeNull();
    // The proxy's own refusal there is JSON like any other.
    expect((await call("/api/google-calendar/callback?code=x")).headers.get("content-security-policy")).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
  });

  it("refuses API writes from another origin on the session cookie, in the caller's language; a bearer token passes", async () => {
    const evil = { origin: "https://evil.example", "content-type": "application/json" };
    const withCookie = await send("PUT", "/api/auth/update-profile", {
      ...evil,
      cookie: `authjs.session-token=${admin.token}`,
      "accept-language": "fr",
    });
    expect(withCookie.status).toBe(403);
    expect((await withCookie.json()).message).toBe(
      "Cette requête ne vient pas de ce site\u00a0: elle a été refusée. Rechargez la page et réessayez.",
    );
    expect(withCookie.headers.get("content-security-policy")).toBe("default-src 'none'; frame-ancestors 'none'");
    // A forged sign-in is refused too, cookie or not.
    expect((await send("POST", "/api/auth/login", evil)).status).toBe(403);
    expect(
      (await send("DELETE", "/api/appointments/x", { "sec-fetch-site": "same-site", cookie: `authjs.session-token=${admin.token}` }))
        .status,
    ).toBe(403);

    // Passed on to the handler (NextResponse.next()):
    const passed = (res: Response) => res.status === 200 && res.headers.get("x-middleware-next") === "1";
    expect(passed(await send("PUT", "/api/auth/update-profile", { ...evil, authorization: `Bearer ${admin.token}` }))).toBe(true);
    expect(
      passed(
        await send("PUT", "/api/auth/update-profile", { origin: "http://localhost:3000", cookie: `authjs.session-token=${admin.token}` }),
      ),
    ).toBe(true);
    // The origin the browser addressed counts as ours too (here 127.0.0.1 while APP_URL says localhost)…
    expect(
      passed(
        await send("PUT", "/api/auth/update-profile", {
          host: "127.0.0.1:3000",
          origin: "http://127.0.0.1:3000",
          cookie: `authjs.session-token=${admin.token}`,
        }),
      ),
    ).toBe(true);
    // …but not when it was addressed to APP_URL's host.
    expect(
      (
        await send("PUT", "/api/auth/update-profile", {
          host: "localhost:3000",
          origin: "http://127.0.0.1:3000",
          cookie: `authjs.session-token=${admin.token}`,
        })
      ).status,
    ).toBe(403);
    expect(
      passed(
        await send("PUT", "/api/auth/update-profile", { "sec-fetch-site": "same-origin", cookie: `authjs.session-token=${admin.token}` }),
      ),
    ).toBe(true);
    // A client that is not a browser sends no Origin at all.
    expect(passed(await send("PUT", "/api/auth/update-profile", { cookie: `authjs.session-token=${admin.token}` }))).toBe(true);
    // Webhooks are signed by their senders, whatever Origin they claim.
    expect(passed(await send("POST", "/api/webhooks/stripe", evil))).toBe(true);
    // Reads are never refused.
    expect((await call("/api/auth/profile", admin.token, { origin: "https://evil.example" })).status).toBe(200);
  });

  it("lets an API key on to the methods that name a scope and turns it away elsewhere, never reading it as a session", async () => {
    const practice = await registerOwner();
    const made = await api("POST", "/api/api-keys", { token: practice.token, body: { name: "CRM", scopes: ["appointments:read"] } });
    expect(made.status).toBe(201);
    const key = { authorization: `Bearer ${made.body.key}` };
    const passed = (res: Response) => res.status === 200 && res.headers.get("x-middleware-next") === "1";
    expect(passed(await send("GET", "/api/appointments", key))).toBe(true);
    expect(passed(await send("HEAD", "/api/appointments", key))).toBe(true);
    // A scoped method the key lacks goes on too: the handler names the scope.
    const write = await throughProxy("POST", "/api/appointments", { ...key, "content-type": "application/json" });
    expect(write.status).toBe(403);
    expect(write.body.message).toBe("This API key does not have the “appointments:write” scope this address needs.");
    // Addresses, or methods, that name no scope: turned away here, in the caller's language, cookie or not.
    for (const [method, path] of [
      ["GET", "/api/auth/profile"],
      ["PATCH", "/api/threads/0f8e2b52-1f0e-4a57-9a3a-0f0c3c8b1d11"],
      ["GET", "/api/admin/users"],
      ["GET", "/api/nothing/here"],
    ] as const) {
      const res = await send(method, path, { ...key, cookie: `authjs.session-token=${practice.token}`, "accept-language": "fr" });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect((await res.json()).message).toBe("Les clés d’API ne peuvent pas être utilisées à cette adresse.");
    }
    // Not a key's shape: 401 at once.
    const malformed = await send("GET", "/api/appointments", { authorization: "Bearer rk_short" });
    expect(malformed.status).toBe(401);
    expect((await malformed.json()).message).toBe(
      "This API key is not valid: it may have been revoked. Make a new one on the Integrations page.",
    );
    // Public addresses ignore it.
    expect((await send("GET", "/api/health", key)).status).toBe(200);
  });

  it("lets a server's write with an API key and no Origin through, and still refuses a browser's cross-site write", async () => {
    const practice = await registerOwner();
    const made = await api("POST", "/api/api-keys", { token: practice.token, body: { name: "Agenda", scopes: ["appointments:write"] } });
    const key = { authorization: `Bearer ${made.body.key}`, "content-type": "application/json" };
    const passed = (res: Response) => res.status === 200 && res.headers.get("x-middleware-next") === "1";
    expect(passed(await send("POST", "/api/appointments", key))).toBe(true);
    expect(passed(await send("DELETE", "/api/appointments/0f8e2b52-1f0e-4a57-9a3a-0f0c3c8b1d11", key))).toBe(true);
    // A page elsewhere cannot add the Authorization header without our CORS consent: its forged write carries the cookie only.
    const forged = await send("POST", "/api/appointments", {
      origin: "https://evil.example",
      "content-type": "application/json",
      cookie: `authjs.session-token=${practice.token}`,
    });
    expect(forged.status).toBe(403);
    expect((await forged.json()).message).toBe(
      "This request did not come from this site, so it was refused. Reload the page and try again.",
    );
  });

  it("refuses a number claim (a GET that changes something) that another site sent through the visitor's browser", async () => {
    await addPoolNumbers(1);
    const victim = await registerOwner();
    await connectSandboxCalendar(victim.token);
    await startTrial(victim.token);
    const cookie = `authjs.session-token=${victim.token}`;
    // A link, an <img> or a redirect on another site: a top-level navigation carries the Lax cookie and no Origin.
    for (const site of ["cross-site", "same-site"]) {
      const forged = await throughProxy("GET", "/api/phone-numbers/claim", {
        cookie,
        "sec-fetch-site": site,
        "sec-fetch-mode": "navigate",
        "accept-language": "fr",
      });
      expect(forged.status, site).toBe(403);
      expect(forged.body.message).toBe("Cette requête ne vient pas de ce site\u00a0: elle a été refusée. Rechargez la page et réessayez.");
    }
    expect((await send("HEAD", "/api/phone-numbers/claim", { cookie, "sec-fetch-site": "cross-site" })).status).toBe(403);
    // Browsers without Sec-Fetch-Site: the Referer, then Origin (a cross-origin fetch) tell the same.
    expect((await send("GET", "/api/phone-numbers/claim", { cookie, referer: "https://evil.example/page" })).status).toBe(403);
    expect((await send("GET", "/api/phone-numbers/claim", { cookie, origin: "https://evil.example" })).status).toBe(403);
    expect((await api("GET", "/api/auth/profile", { token: victim.token })).body.telnyxPhoneNumber).toBeFalsy();

    // The dashboard's own fetch, a typed address, a client that is not a browser, a bearer token: claimed.
    const own = await throughProxy("GET", "/api/phone-numbers/claim", { cookie, "sec-fetch-site": "same-origin" });
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    const allowed: Record<string, string>[] = [
      { cookie, "sec-fetch-site": "none" },
      { cookie },
      { authorization: `Bearer ${victim.token}`, "sec-fetch-site": "cross-site" },
    ];
    for (const headers of allowed) {
      expect((await throughProxy("GET", "/api/phone-numbers/claim", headers)).body.phoneNumber).toBe(own.body.phoneNumber);
    }
  });

  it("sends a checkout or portal link followed from another site to the page with the same button, in the link's language", async () => {
    const cookie = `authjs.session-token=${admin.token}`;
    const checkout = await send("GET", "/api/billing/checkout?locale=fr", { cookie, "sec-fetch-site": "cross-site" });
    expect(checkout.status).toBe(303);
    expect(checkout.headers.get("location")).toBe("http://localhost:3000/fr#pricing");
    const portal = await send("GET", "/api/billing/portal", { cookie, "sec-fetch-site": "same-site", "accept-language": "es" });
    expect(portal.status).toBe(303);
    expect(portal.headers.get("location")).toBe("http://localhost:3000/es/dashboard/subscription");
    // From our own pages they open the provider's page as before.
    expect(
      (await send("GET", "/api/billing/checkout?locale=fr", { cookie, "sec-fetch-site": "same-origin" })).headers.get("x-middleware-next"),
    ).toBe("1");
  });

  it("lets Google's consent callback come from Google (its signed state protects it) and other reads from anywhere", async () => {
    const cookie = `authjs.session-token=${admin.token}`;
    const callback = await send("GET", "/api/google-calendar/callback?code=x&state=y", {
      cookie,
      "sec-fetch-site": "cross-site",
      referer: "https://accounts.google.com/",
    });
    expect(callback.headers.get("x-middleware-next")).toBe("1");
    // The handler then refuses a state that was not signed for this user: its page hands the opener an error, no code.
    const { GET } = await import("@/app/api/google-calendar/callback/route");
    const req = new Request("http://localhost:3000/api/google-calendar/callback?code=x&state=y", { headers: { cookie } });
    const html = await (await GET(req, { params: Promise.resolve({}) })).text();
    expect(html).toContain('"error":"invalid_state"');
    expect(html).not.toContain('"code"');
    expect((await send("GET", "/api/auth/profile", { cookie, "sec-fetch-site": "cross-site" })).headers.get("x-middleware-next")).toBe("1");
  });

  it("refuses a server action (a POST to a page) from another origin with a readable 403", async () => {
    const action = { "next-action": "0".repeat(40), "content-type": "text/plain;charset=UTF-8", accept: "text/x-component" };
    const forged = await send("POST", "/fr/dashboard/calendar", {
      ...action,
      origin: "https://evil.example",
      cookie: `authjs.session-token=${admin.token}`,
    });
    expect(forged.status).toBe(403);
    expect(forged.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(forged.headers.get("content-security-policy")).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(await forged.text()).toBe("Cette requête ne vient pas de ce site\u00a0: elle a été refusée. Rechargez la page et réessayez.");
    expect((await send("POST", "/", { ...action, "sec-fetch-site": "same-site" })).status).toBe(403);
    // From our own page it goes on to Next.js.
    const own = await send("POST", "/fr/dashboard/calendar", {
      ...action,
      origin: "http://localhost:3000",
      cookie: `authjs.session-token=${admin.token}`,
    });
    expect(own.status).toBeLessThan(400);
  });

  it("sends HSTS in production on an https APP_URL only", async () => {
    expect((await call("/login")).headers.get("strict-transport-security")).toBeNull();
    const saved = { NODE_ENV: process.env.NODE_ENV, APP_URL: process.env.APP_URL };
    try {
      Object.assign(process.env, { NODE_ENV: "production", APP_URL: "https://recepta.example" });
      resetEnvCache();
      for (const path of ["/login", "/api/health"]) {
        const res = await call(path);
        expect(res.headers.get("strict-transport-security"), path).toBe("max-age=63072000; includeSubDomains");
      }
      expect((await call("/login")).headers.get("content-security-policy")).toContain("upgrade-insecure-requests");
    } finally {
      Object.assign(process.env, saved);
      resetEnvCache();
    }
  });
});
