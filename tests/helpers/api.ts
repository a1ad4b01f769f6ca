// Calls the real route handlers with real Requests, as Next.js would (same modules, same params shape), so integration
// tests exercise the contract end to end on a real database. The route for a path comes from the generated route table
// (app/api/routes.generated.ts), the one the proxy reads.
import { resolve } from "node:path";
import { expect } from "vitest";
import { API_ROUTES } from "@/app/api/routes.generated";
import { FALLBACK_PATH, matchApiRoute } from "@/lib/platform/http/api-routes";
import { workThroughHolidays } from "./holidays";
import { checkResponse, declaredResponses } from "./response-check";

type Handler = (req: Request, ctx: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>;
type RouteModule = Record<string, unknown>;

// The client address of a test file's requests, its own: the sign-in and registration limits count per address in the
// run's one database, and one file's deliberate failures must not lock the files after it out (as they would lock out
// everyone behind one address).
const byte = () => 1 + Math.floor(Math.random() * 254);
export const CLIENT_ADDRESS = `10.${byte()}.${byte()}.${byte()}`;

export type ApiResult<T = any> = { status: number; body: T; headers: Headers };
export type CallOptions = {
  body?: unknown;
  /** Sent as is (malformed JSON, oversized bodies). */
  raw?: string;
  token?: string;
  cookie?: string;
  headers?: Record<string, string>;
};

export async function api<T = any>(method: string, path: string, opts: CallOptions = {}): Promise<ApiResult<T>> {
  const url = new URL(path, "http://localhost:3000");
  const found = matchApiRoute(API_ROUTES, url.pathname);
  let route = API_ROUTES.find((r) => r.path === FALLBACK_PATH)!;
  let params: Record<string, string | string[]> = { path: url.pathname.split("/").slice(2) };
  if (found && found.route.path !== FALLBACK_PATH) {
    route = found.route;
    const values = found.match.slice(1);
    params = Object.fromEntries(
      route.params.map((name, i) =>
        name.startsWith("...") ? [name.slice(3), values[i]!.split("/")] : [name, decodeURIComponent(values[i]!)],
      ),
    );
  }
  const mod = (await import(/* @vite-ignore */ resolve(route.file))) as RouteModule;
  const handler = typeof mod[method] === "function" ? (mod[method] as Handler) : undefined;
  // Next.js answers 405 for a method the route does not export.
  if (!handler) return { status: 405, body: null as T, headers: new Headers() };
  const headers = new Headers(opts.headers);
  headers.set("x-forwarded-for", headers.get("x-forwarded-for") ?? CLIENT_ADDRESS);
  if (opts.token) headers.set("authorization", `Bearer ${opts.token}`);
  if (opts.cookie) headers.set("cookie", opts.cookie);
  let body: string | undefined;
  if (opts.raw !== undefined) body = opts.raw;
  else if (opts.body !== undefined) body = JSON.stringify(opts.body);
  if (body !== undefined && !headers.has("content-type")) headers.set("content-type", "application/json");
  const req = new Request(url, { method, headers, body });
  const res = await handler(req, { params: Promise.resolve(params) });
  const text = await res.text();
  let parsed: unknown = null;
  if (text) {
    // Every answer of the API is JSON but the CSV downloads and the pages a calendar's consent returns to: anything else
    // throws here (and fails the test).
    parsed = /^text\/(csv|html)/.test(res.headers.get("content-type") ?? "") ? text : JSON.parse(text);
  }
  // Each answer is held to the route's declared `response` (tests/helpers/response-check.ts): a wrong schema fails here.
  const answer = { status: res.status, contentType: res.headers.get("content-type"), text, body: parsed };
  checkResponse(`${method} ${url.pathname}`, declaredResponses(handler), answer);
  return { status: res.status, body: parsed as T, headers: res.headers };
}

let counter = 0;
export function uniqueEmail(tag = "owner"): string {
  counter += 1;
  return `${tag}-${Date.now().toString(36)}-${counter}-${Math.random().toString(36).slice(2, 6)}@example.com`;
}

export type Account = {
  token: string;
  user: { id: string; email: string; fullName: string; type: string };
  email: string;
  password: string;
};

/**
 * A registered owner. Its public holidays are opened (tests/helpers/holidays.ts says why) unless `holidays: "closed"`
 * keeps them as a new business has them.
 */
export async function registerOwner(
  overrides: Record<string, unknown> = {},
  options: { holidays?: "open" | "closed" } = {},
): Promise<Account> {
  const email = uniqueEmail();
  const password = "correct-horse-battery";
  const res = await api("POST", "/api/auth/register", { body: { email, password, fullName: "Owner Test", ...overrides } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  if (options.holidays !== "closed") await workThroughHolidays(res.body.user.id);
  return { ...res.body, email, password };
}

export async function createAdmin(): Promise<Account> {
  const { getDb } = await import("@/db/client");
  const { ensureUser } = await import("@/lib/server/bootstrap");
  const email = uniqueEmail("admin");
  const password = "admin-password-123";
  await ensureUser(getDb(), { email, password, fullName: "Admin Test", type: "admin" });
  const res = await api("POST", "/api/auth/login", { body: { email, password } });
  expect(res.status).toBe(200);
  return { ...res.body, email, password };
}

export async function connectSandboxCalendar(token: string): Promise<void> {
  const res = await api("POST", "/api/google-calendar/authorize", { token, body: { code: "sandbox-test-code" } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

const PREFIX = { FR: "+3397", ES: "+3491", US: "+1999", GB: "+44207" } as const;

/**
 * Adds free numbers of this test's own to the pool (unique per call) and returns them. An owner claims numbers of their
 * business's country only: `region` is that country, France by default (a registered owner's default time zone is
 * Europe/Paris). French ones are 09 numbers, Spanish ones Madrid 91 numbers and British ones London 020 7 numbers, valid
 * for libphonenumber; US ones keep the +1 999 shape.
 */
export async function addPoolNumbers(count: number, region: keyof typeof PREFIX = "FR"): Promise<string[]> {
  const { getDb } = await import("@/db/client");
  const { phoneNumbers } = await import("@/db/schema");
  const base = 2_000_000 + Math.floor(Math.random() * 7_000_000);
  const numbers = Array.from({ length: count }, (_, i) => `${PREFIX[region]}${String(base + i).padStart(7, "0")}`);
  await getDb()
    .insert(phoneNumbers)
    .values(numbers.map((phoneNumber) => ({ phoneNumber, region, providerId: `test-${phoneNumber}` })));
  return numbers;
}

/** The signed-in 7-day trial (what the landing page's trial start does): claiming a number needs a live trial. */
export async function startTrial(token: string): Promise<void> {
  const res = await api("POST", "/api/subscription/start-trial", { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}
