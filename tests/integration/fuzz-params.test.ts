// Odd path parameters and query values, on every declared route (the generated route table, so a new route is covered
// without being listed): a NUL, other control characters, a lone surrogate and a direction control in each path
// segment, and the years 0000 and 9999 (as days and as instants), a NUL and a lone surrogate in each query value the
// route reads. Each route is called as whoever it serves (its owner, an admin, anyone). No answer may be a 5xx, every
// refusal carries a message, a segment no stored name can hold is a 404, and a date out of range a 400 naming the limit.
import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { API_ROUTE_MODULES } from "@/app/api/route-modules.generated";
import { API_ROUTES } from "@/app/api/routes.generated";
import { translate } from "@/lib/platform/i18n/translate";
import { api, createAdmin, registerOwner, type Account } from "../helpers/api";
import { dayAhead, newCallId, practice, vapiTool, type Practice } from "../helpers/practice";

type Handler = (req: Request, ctx: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>;
type Declared = Handler & { policy?: string; spec?: { query?: z.ZodType; params?: Record<string, unknown> } };

/** Path segments no slug, token, id or day can hold. */
const ODD_SEGMENTS = ["\u0000", "fuzz\u0000page", "\u0001", "\u001b[2J", "\u007f", "\uD800", "a\uDC00", "\u202Eslug", "\uFFFF"];
/** Query values: years no request may name, and characters no stored text holds. */
const ODD_VALUES = [
  "0000-01-01",
  "9999-12-31",
  "0000-01-01T00:00:00Z",
  "9999-12-31T23:59:59+14:00",
  "1899-12-31",
  "2200-01-01",
  "\u0000",
  "2026-01-01\u0000",
  "\uD800",
];
// The query names routes read by hand as well as through their schema.
const ALWAYS_TRIED = ["from", "to", "date", "day", "start", "year", "page", "limit", "q"];

let owner: Practice;
let admin: Account;
let slug: string;
let appointmentId: string;
let erasable: Account | null = null;

beforeAll(async () => {
  owner = await practice("Cabinet Paramètres");
  admin = await createAdmin();
  expect(
    await vapiTool(owner.line, newCallId("params"), "+33700000451", "book_appointment", { date: dayAhead(4), time: "10:00", name: "Ada" }),
  ).toMatch(/booked/i);
  const list = await api("GET", "/api/appointments", { token: owner.token });
  appointmentId = list.body.upcoming[0].id;
  const page = await api("PUT", "/api/booking-page", { token: owner.token, body: { enabled: true, slug: "cabinet-parametres" } });
  expect(page.status).toBe(200);
  slug = "cabinet-parametres";
});

/** A value that reaches past the parser: a real row of the owner's where there is one. */
function plausible(name: string, path: string): string {
  if (name === "slug") return slug;
  if (name === "day") return dayAhead(30);
  if (name === "phone") return "+33700000451";
  if (name === "id" && path.startsWith("/api/appointments")) return appointmentId;
  if (name === "id" && path.startsWith("/api/admin/users")) return owner.user.id;
  if (name === "id" || name === "deliveryId") return "00000000-0000-4000-8000-000000000000";
  return "fuzz-token";
}

async function tokenFor(policy: string, path: string, method: string): Promise<string | undefined> {
  if (policy === "admin") return admin.token;
  if (policy !== "owner") return undefined;
  // DELETE /api/account erases the account it is sent for: a fresh one each time.
  if (path === "/api/account" && method === "DELETE") return (erasable ??= await registerOwner()).token;
  return owner.token;
}

function queryNames(spec: Declared["spec"]): string[] {
  const shape = (spec?.query as { shape?: Record<string, unknown> } | undefined)?.shape;
  return [...new Set([...Object.keys(shape ?? {}), ...ALWAYS_TRIED])];
}

type Answer = { status: number; message: unknown };

async function call(
  handler: Handler,
  method: string,
  url: string,
  params: Record<string, string | string[]>,
  token?: string,
): Promise<Answer> {
  const headers = new Headers({ "content-type": "application/json", "x-forwarded-for": "198.19.0.1", "accept-language": "en" });
  if (token) headers.set("authorization", `Bearer ${token}`);
  const req = new Request(new URL(url, "http://localhost:3000"), { method, headers, body: method === "GET" ? undefined : "{}" });
  const res = await handler(req, { params: Promise.resolve(params) });
  const text = await res.text();
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {
    body = text;
  }
  return { status: res.status, message: (body as { message?: unknown } | null)?.message };
}

type Case = { label: string; handler: Handler; method: string; url: string; params: Record<string, string | string[]>; token?: string };

async function cases(): Promise<{ segments: Case[]; queries: Case[] }> {
  const segments: Case[] = [];
  const queries: Case[] = [];
  for (const r of API_ROUTES) {
    const mod = await API_ROUTE_MODULES[r.path]!();
    for (const method of r.methods) {
      const handler = mod[method] as Declared;
      const token = await tokenFor(r.policy, r.path, method);
      const names = r.params.map((p) => p.replace(/^\.\.\./, ""));
      const base = Object.fromEntries(names.map((n) => [n, n === "path" ? ["fuzz"] : plausible(n, r.path)]));
      const url = (params: Record<string, string | string[]>) =>
        r.path.replace(/\[(?:\.\.\.)?(\w+)\]/g, (_, n: string) =>
          [params[n]!]
            .flat()
            .map((v) => encodeURIComponent(v.toWellFormed()))
            .join("/"),
        );
      for (const name of names) {
        for (const odd of ODD_SEGMENTS) {
          const params = { ...base, [name]: name === "path" ? ["fuzz", odd] : odd };
          segments.push({ label: `${method} ${r.path} ${name}=${JSON.stringify(odd)}`, handler, method, url: url(params), params, token });
        }
      }
      for (const q of queryNames(handler.spec)) {
        for (const odd of ODD_VALUES) {
          const search = new URLSearchParams({ [q]: odd }).toString();
          queries.push({
            label: `${method} ${r.path}?${q}=${JSON.stringify(odd)}`,
            handler,
            method,
            url: `${url(base)}?${search}`,
            params: base,
            token,
          });
        }
      }
    }
  }
  return { segments, queries };
}

function problem(c: Case, a: Answer): string | null {
  if (a.status >= 500) return `${c.label} → ${a.status} ${String(a.message)}`;
  if (a.status >= 400 && a.status !== 405 && typeof a.message !== "string") return `${c.label} → ${a.status} without a message`;
  return null;
}

describe("odd path parameters and query values, on every declared route", () => {
  let all: { segments: Case[]; queries: Case[] };
  beforeAll(async () => {
    all = await cases();
  });

  it("covers every route that takes a path parameter, and reads every route's query", () => {
    const withParams = API_ROUTES.filter((r) => r.params.length);
    expect(withParams.length).toBeGreaterThan(20);
    expect(new Set(all.segments.map((c) => c.label.split(" ")[1])).size).toBe(withParams.length);
    expect(all.queries.length).toBeGreaterThan(API_ROUTES.length * ALWAYS_TRIED.length);
  });

  it("answers a path segment holding a control character or a lone surrogate with a 404, never a 5xx", async () => {
    const failures: string[] = [];
    for (const c of all.segments) {
      const a = await call(c.handler, c.method, c.url, c.params, c.token);
      const bad = problem(c, a);
      if (bad) failures.push(bad);
      // The catch-all answers every unknown address alike; every declared parameter is refused as naming nothing.
      else if (!c.label.includes("/api/[...path]") && a.status !== 404) failures.push(`${c.label} → ${a.status}, expected 404`);
      if (c.url.startsWith("/api/account") && c.method === "DELETE") erasable = null;
    }
    expect(failures.slice(0, 20), `${failures.length} failures`).toEqual([]);
  }, 120_000);

  it("answers years 0000 and 9999, NULs and lone surrogates in any query value with no 5xx", async () => {
    const failures: string[] = [];
    for (const c of all.queries) {
      const bad = problem(c, await call(c.handler, c.method, c.url, c.params, c.token));
      if (bad) failures.push(bad);
      if (c.url.startsWith("/api/account?") && c.method === "DELETE") erasable = null;
    }
    expect(failures.slice(0, 20), `${failures.length} failures`).toEqual([]);
  }, 300_000);
});

describe("a date out of range", () => {
  const limit = (locale: "en" | "fr" | "es") => translate(locale, "Validation.dateOutOfRange");

  it("is a 400 that writes the limit out, in the caller's language", async () => {
    for (const from of ["0000-01-01", "9999-12-31", "1899-12-31T23:00:00Z"]) {
      const res = await api("GET", `/api/appointments?from=${encodeURIComponent(from)}`, { token: owner.token });
      expect(res.status, from).toBe(400);
      expect(res.body.message).toBe(limit("en"));
      expect(res.body.message).toMatch(/1900.*2199/);
    }
    const fr = await api("GET", `/api/book/${slug}/slots?date=0000-01-01`, { headers: { "accept-language": "fr" } });
    expect(fr.status).toBe(400);
    expect(fr.body.message).toBe(limit("fr"));
    expect(fr.body.message).toMatch(/1900.*2199/);
    const es = await api("PUT", `/api/closures/holidays/9999-01-01`, {
      token: owner.token,
      body: { open: true },
      headers: { "accept-language": "es" },
    });
    expect(es.status).toBe(400);
    expect(es.body.message).toMatch(/1900.*2199/);
  });

  it("leaves the years inside the range alone", async () => {
    expect((await api("GET", "/api/appointments?from=1900-01-01&to=2199-12-31", { token: owner.token })).status).toBe(200);
    expect((await api("GET", `/api/book/${slug}/slots?date=${dayAhead(3)}`)).status).toBe(200);
  });

  it("refuses a NUL in a booking page's address with a 404, as the attack run sent it", async () => {
    const res = await api("GET", "/api/book/%00");
    expect(res.status).toBe(404);
    expect(typeof res.body.message).toBe("string");
  });
});
