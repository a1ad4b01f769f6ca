// The route table is the one list of the API's routes: the proxy gates by it and the integration tests call through it.
// It must say what the route files say.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { API_ROUTES } from "@/app/api/routes.generated";
import { FALLBACK_PATH } from "@/lib/platform/http/api-routes";
import { generateApiRoutes, generateRouteModules, MODULES_FILE, scopesOf, stateChangingOf, TABLE_FILE } from "./gen-api-routes";

const HTTP_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];

describe("the API route table (app/api/routes.generated.ts)", () => {
  it("lists every route file as it is now", () => {
    const committed = readFileSync(path.resolve(TABLE_FILE), "utf8");
    expect(committed, `${TABLE_FILE} is stale: run npm run gen:routes`).toBe(generateApiRoutes());
    expect(readFileSync(path.resolve(MODULES_FILE), "utf8"), `${MODULES_FILE} is stale: run npm run gen:routes`).toBe(
      generateRouteModules(),
    );
  });

  it("reads each route's methods, policy and stateChanging flag as its handlers declare them", async () => {
    for (const route of API_ROUTES) {
      const mod = (await import(/* @vite-ignore */ path.resolve(route.file))) as Record<string, unknown>;
      const exported = HTTP_METHODS.filter((m) => typeof mod[m] === "function");
      expect(exported, route.file).toEqual(route.methods);
      for (const method of exported) {
        const declared = mod[method] as { policy?: string; spec?: { stateChanging?: unknown; scope?: string } };
        expect(declared.policy, `${method} ${route.file}`).toBe(route.policy);
        // The proxy lets an API key through to a method by the scope the table gives it.
        expect(declared.spec?.scope, `${method} ${route.file}`).toBe(route.scopes?.[method]);
        // The proxy reads the flag for the address's GETs: the GET's own, and no other method's that disagrees.
        if (method === "GET" || declared.spec?.stateChanging !== undefined) {
          expect(declared.spec?.stateChanging, `${method} ${route.file}`).toEqual(route.stateChanging);
        }
      }
    }
  });

  it("has every route but the catch-all declare what it answers", async () => {
    for (const route of API_ROUTES) {
      if (route.path === FALLBACK_PATH) continue;
      const mod = (await import(/* @vite-ignore */ path.resolve(route.file))) as Record<string, unknown>;
      for (const method of route.methods) {
        const response = (mod[method] as { spec?: { response?: object } }).spec?.response ?? {};
        expect(Object.keys(response).length, `${method} ${route.file}: declare its answers in \`response\``).toBeGreaterThan(0);
      }
    }
  });

  it("copies the stateChanging flag of the routes whose GETs change something", () => {
    const flagged = Object.fromEntries(API_ROUTES.filter((r) => r.stateChanging).map((r) => [r.path, r.stateChanging]));
    expect(flagged).toEqual({
      "/api/billing/checkout": { page: "/#pricing" },
      "/api/billing/portal": { page: "/dashboard/subscription" },
      "/api/phone-numbers/claim": true,
    });
  });

  it("copies the API key scope of each method that takes keys, and of no other", () => {
    const scoped = Object.fromEntries(API_ROUTES.filter((r) => r.scopes).map((r) => [r.path, r.scopes]));
    expect(scoped).toEqual({
      "/api/appointments": { GET: "appointments:read", POST: "appointments:write" },
      "/api/appointments/[id]": { GET: "appointments:read", DELETE: "appointments:write" },
      "/api/appointments/[id]/attendance": { PUT: "appointments:write" },
      "/api/appointments/[id]/cancel": { POST: "appointments:write" },
      "/api/appointments/[id]/reassign": { POST: "appointments:write" },
      "/api/calls": { GET: "calls:read" },
      "/api/calls/[id]": { GET: "calls:read" },
      "/api/threads": { GET: "messages:read" },
      "/api/threads/[id]": { GET: "messages:read" },
      "/api/tasks": { GET: "tasks:read" },
    });
  });

  it("reads a scope in its method's own declaration and refuses one it cannot place or read", () => {
    const scopes = (source: string) => scopesOf("route.ts", source);
    expect(scopes(`export const GET = route.owner({ scope: "calls:read" }, h);\nexport const PATCH = route.owner({}, h);`)).toEqual({
      GET: "calls:read",
    });
    expect(scopes(`// scope: "calls:read"\nexport const GET = route.owner({}, h);`)).toBeUndefined();
    expect(() => scopes(`const spec = { scope: "calls:read" };\nexport const GET = route.owner(spec, h);`)).toThrow(/own/);
    expect(() => scopes(`export const GET = route.owner({ scope: "everything" }, h);`)).toThrow(/write the scope/);
    expect(() => scopes(`export const GET = route.owner({ scope: SCOPE }, h);`)).toThrow(/write the scope/);
  });

  it("puts a static segment before a dynamic one and a dynamic one before a catch-all, as Next.js does", () => {
    const served = (pathname: string) => API_ROUTES.find((r) => r.pattern.test(pathname))?.path;
    expect(served("/api/admin/phone-numbers/available")).toBe("/api/admin/phone-numbers/available");
    expect(served("/api/admin/phone-numbers/0f8e2b52-1f0e-4a57-9a3a-0f0c3c8b1d11")).toBe("/api/admin/phone-numbers/[id]");
    expect(served("/api/authjs/session")).toBe("/api/[...path]");
    expect(served("/api/nothing/here")).toBe("/api/[...path]");
  });

  it("reads the stateChanging flag however it is laid out, skips comments, and refuses what it cannot read", () => {
    const flag = (source: string) => stateChangingOf("route.ts", source);
    expect(flag(`route.owner({ stateChanging: true, response })`)).toBe(true);
    expect(flag(`route.public(\n  {\n    stateChanging: {\n      page: "/#pricing",\n    },\n  },\n  handler)`)).toEqual({
      page: "/#pricing",
    });
    expect(flag(`// stateChanging: maybe\n/* stateChanging: { later } */\nroute.owner({ response }, handler)`)).toBeUndefined();
    expect(flag(`const url = "https://example.com"; route.owner({ stateChanging: true }, h)`)).toBe(true);
    expect(() => flag(`route.owner({ stateChanging: flagFromSomewhere }, h)`)).toThrow(/write the flag as/);
    expect(() => flag(`route.owner({ stateChanging: true }, h); route.owner({ stateChanging: { page: "/x" } }, h)`)).toThrow(
      /more than one/,
    );
  });
});
