// The proxy's optimistic gate, called as Next calls it.
import { NextRequest } from "next/server";
import { beforeAll, describe, expect, it } from "vitest";
import proxy from "@/proxy";
import { api, type Account, createAdmin, registerOwner } from "../helpers/api";

let owner: Account;
let admin: Account;

beforeAll(async () => {
  owner = await registerOwner();
  admin = await createAdmin();
});

const call = (path: string, token?: string, headers: Record<string, string> = {}) =>
  proxy(new NextRequest(new URL(path, "http://localhost:3000"), { headers: { ...headers, ...(token ? { cookie: `authjs.session-token=${token}` } : {}) } }));

describe("proxy", () => {
  it("sends anonymous dashboard visits to the login page of their language", async () => {
    expect((await call("/dashboard/profile")).headers.get("location")).toBe("http://localhost:3000/login");
    expect((await call("/fr/dashboard")).headers.get("location")).toBe("http://localhost:3000/fr/login");
  });

  it("tells a browser whose session cookie no longer verifies that its session expired", async () => {
    expect((await call("/dashboard/profile", "not-a-valid-token")).headers.get("location")).toBe("http://localhost:3000/login?expired=true");
    expect((await call("/es/dashboard/calls", "not-a-valid-token")).headers.get("location")).toBe("http://localhost:3000/es/login?expired=true");
  });

  it("sends owners away from admin pages and lets admins in", async () => {
    expect((await call("/dashboard/admin/users", owner.token)).headers.get("location")).toBe("http://localhost:3000/dashboard/profile");
    expect((await call("/es/dashboard/admin/telnyx-numbers", owner.token)).headers.get("location")).toBe("http://localhost:3000/es/dashboard/profile");
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
    expect((await call("/", undefined, { cookie: "NEXT_LOCALE=es", "accept-language": "fr" })).headers.get("location")).toBe("http://localhost:3000/es");
    expect((await call("/", undefined, { "accept-language": "en-US" })).headers.get("location")).toBeNull();
  });

  it("lets a revoked token past the optimistic gate but not past the handler", async () => {
    await api("POST", "/api/auth/logout", { token: owner.token });
    expect((await call("/api/auth/profile", owner.token)).status).toBe(200); // the proxy passes it on…
    expect((await api("GET", "/api/auth/profile", { token: owner.token })).status).toBe(401); // …the handler refuses it
  });
});
