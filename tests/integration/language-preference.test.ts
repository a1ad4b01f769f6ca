// One language preference per account: signing in stores the account's language as the browser's (NEXT_LOCALE), the
// header's switch saves it (PUT /api/account/locale) as Settings does (update-profile), and the proxy keeps an explicit
// English dashboard address from bouncing back to another language.
import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import proxy from "@/proxy";
import { api, registerOwner } from "../helpers/api";

const localeCookie = (headers: Headers) => headers.getSetCookie().find((c) => c.startsWith("NEXT_LOCALE="));

describe("signing in", () => {
  it("answers with the account's saved language and stores it as the browser's, whatever the browser asks for", async () => {
    const owner = await registerOwner({ locale: "fr" });
    const login = await api("POST", "/api/auth/login", {
      body: { email: owner.email, password: owner.password },
      headers: { "accept-language": "en-US,en;q=0.9", cookie: "NEXT_LOCALE=en" },
    });
    expect(login.status).toBe(200);
    expect(login.body.user.locale).toBe("fr");
    expect(localeCookie(login.headers)).toMatch(/^NEXT_LOCALE=fr; Path=\/; Max-Age=31536000; SameSite=Lax$/);
    // The session cookie is still there beside it.
    expect(login.headers.getSetCookie().some((c) => c.startsWith("authjs.session-token="))).toBe(true);
  });

  it("stores a new account's language on registration", async () => {
    const reg = await api("POST", "/api/auth/register", {
      body: { email: `reg-${Date.now()}@example.com`, password: "correct-horse-battery", fullName: "Lucía García", locale: "es" },
    });
    expect(reg.status).toBe(201);
    expect(localeCookie(reg.headers)).toMatch(/^NEXT_LOCALE=es;/);
  });
});

describe("PUT /api/account/locale", () => {
  it("saves the account's language, answers the profile and stores the language in the browser", async () => {
    const owner = await registerOwner({ locale: "fr" });
    const res = await api("PUT", "/api/account/locale", { token: owner.token, body: { locale: "es" } });
    expect(res.status).toBe(200);
    expect(res.body.locale).toBe("es");
    expect(localeCookie(res.headers)).toMatch(/^NEXT_LOCALE=es;/);
    // Settings reads the same column: the profile says Spanish now, and so does the next sign-in.
    expect((await api("GET", "/api/auth/profile", { token: owner.token })).body.locale).toBe("es");
    const login = await api("POST", "/api/auth/login", { body: { email: owner.email, password: owner.password } });
    expect(login.body.user.locale).toBe("es");
    expect(localeCookie(login.headers)).toMatch(/^NEXT_LOCALE=es;/);
  });

  it("refuses a language the interface does not have, or none, with a message in the caller's language", async () => {
    const owner = await registerOwner({ locale: "fr" });
    const unknown = await api("PUT", "/api/account/locale", {
      token: owner.token,
      body: { locale: "de" },
      headers: { cookie: "NEXT_LOCALE=fr" },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe("Langue n'est pas valide");
    const missing = await api("PUT", "/api/account/locale", { token: owner.token, body: {}, headers: { "accept-language": "en" } });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe("Language is required");
    expect(unknown.headers.getSetCookie()).toEqual([]);
    expect((await api("GET", "/api/auth/profile", { token: owner.token })).body.locale).toBe("fr");
  });

  it("answers 401 without a session", async () => {
    const res = await api("PUT", "/api/account/locale", { body: { locale: "es" }, headers: { "accept-language": "es" } });
    expect(res.status).toBe(401);
    expect(res.body.message).toBe("Se requiere autenticación. Inicie sesión.");
    expect(res.headers.getSetCookie()).toEqual([]);
  });
});

describe("Settings' language (update-profile)", () => {
  it("stores a new language in the browser too, and leaves the cookie alone when the language is not changed", async () => {
    const owner = await registerOwner({ locale: "en" });
    const changed = await api("PUT", "/api/auth/update-profile", { token: owner.token, body: { locale: "fr", timeZone: "Europe/Paris" } });
    expect(changed.status).toBe(200);
    expect(localeCookie(changed.headers)).toMatch(/^NEXT_LOCALE=fr;/);
    const other = await api("PUT", "/api/auth/update-profile", { token: owner.token, body: { fullName: "Camille Durand" } });
    expect(other.status).toBe(200);
    expect(localeCookie(other.headers)).toBeUndefined();
  });
});

describe("the proxy on an explicit English dashboard address", () => {
  const visit = (path: string, token: string, headers: Record<string, string>) =>
    proxy(
      new NextRequest(new URL(path, "http://localhost:3000"), {
        headers: { ...headers, cookie: `authjs.session-token=${token}; ${headers.cookie ?? ""}` },
      }),
    );

  it("stores English even for a client-side navigation, so the unprefixed address it lands on stays English", async () => {
    const owner = await registerOwner({ locale: "en" });
    // A client-side navigation's request (not a document): next-intl alone would leave the outdated "fr" cookie.
    const res = await visit("/en/dashboard/calls", owner.token, { cookie: "NEXT_LOCALE=fr", "sec-fetch-dest": "empty" });
    expect(res.headers.get("location")).toBe("http://localhost:3000/dashboard/calls");
    expect(localeCookie(res.headers)).toMatch(/^NEXT_LOCALE=en;/);
  });

  it("passes the address asked on to the page, which sends an owner to the same page in the account's language", async () => {
    const owner = await registerOwner({ locale: "fr" });
    const res = await visit("/dashboard/insights?from=2026-01-01", owner.token, { cookie: "NEXT_LOCALE=en" });
    expect(res.headers.get("x-middleware-request-x-page-path")).toBe("/dashboard/insights?from=2026-01-01");
  });
});
