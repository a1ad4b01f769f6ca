// Calls the real route handlers with real Requests, as Next.js would (same modules, same params shape), so integration
// tests exercise the contract end to end on a real database.
import { expect } from "vitest";

type Handler = (req: Request, ctx: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>;
type RouteModule = Record<string, unknown>;

const routes: [RegExp, string[], () => Promise<RouteModule>][] = [
  [/^\/api\/auth\/login$/, [], () => import("@/app/api/auth/login/route")],
  [/^\/api\/auth\/register$/, [], () => import("@/app/api/auth/register/route")],
  [/^\/api\/auth\/logout$/, [], () => import("@/app/api/auth/logout/route")],
  [/^\/api\/auth\/profile$/, [], () => import("@/app/api/auth/profile/route")],
  [/^\/api\/auth\/update-profile$/, [], () => import("@/app/api/auth/update-profile/route")],
  [/^\/api\/auth\/update-password$/, [], () => import("@/app/api/auth/update-password/route")],
  [/^\/api\/auth\/update-working-hours$/, [], () => import("@/app/api/auth/update-working-hours/route")],
  [/^\/api\/auth\/validate-setup-token$/, [], () => import("@/app/api/auth/validate-setup-token/route")],
  [/^\/api\/auth\/validate-setup-token\/([^/]+)$/, ["token"], () => import("@/app/api/auth/validate-setup-token/[token]/route")],
  [/^\/api\/auth\/complete-setup$/, [], () => import("@/app/api/auth/complete-setup/route")],
  [/^\/api\/phone-numbers\/claim$/, [], () => import("@/app/api/phone-numbers/claim/route")],
  [/^\/api\/ai\/parameters$/, [], () => import("@/app/api/ai/parameters/route")],
  [/^\/api\/appointments$/, [], () => import("@/app/api/appointments/route")],
  [/^\/api\/appointments\/([^/]+)\/cancel$/, ["id"], () => import("@/app/api/appointments/[id]/cancel/route")],
  [/^\/api\/appointments\/([^/]+)$/, ["id"], () => import("@/app/api/appointments/[id]/route")],
  [/^\/api\/calls$/, [], () => import("@/app/api/calls/route")],
  [/^\/api\/calls\/([^/]+)$/, ["id"], () => import("@/app/api/calls/[id]/route")],
  [/^\/api\/webhooks\/vapi$/, [], () => import("@/app/api/webhooks/vapi/route")],
  [/^\/api\/webhooks\/stripe$/, [], () => import("@/app/api/webhooks/stripe/route")],
  [/^\/api\/billing\/checkout$/, [], () => import("@/app/api/billing/checkout/route")],
  [/^\/api\/billing\/portal$/, [], () => import("@/app/api/billing/portal/route")],
  [/^\/api\/sandbox\/billing\/checkout$/, [], () => import("@/app/api/sandbox/billing/checkout/route")],
  [/^\/api\/sandbox\/billing\/cancel$/, [], () => import("@/app/api/sandbox/billing/cancel/route")],
  [/^\/api\/receptionist\/try$/, [], () => import("@/app/api/receptionist/try/route")],
  [/^\/api\/subscription\/start-trial$/, [], () => import("@/app/api/subscription/start-trial/route")],
  [/^\/api\/outbox$/, [], () => import("@/app/api/outbox/route")],
  [/^\/api\/calendar\/events$/, [], () => import("@/app/api/calendar/events/route")],
  [/^\/api\/google-calendar\/authorize$/, [], () => import("@/app/api/google-calendar/authorize/route")],
  [/^\/api\/google-calendar\/disconnect$/, [], () => import("@/app/api/google-calendar/disconnect/route")],
  [/^\/api\/admin\/users$/, [], () => import("@/app/api/admin/users/route")],
  [/^\/api\/admin\/users\/([^/]+)$/, ["id"], () => import("@/app/api/admin/users/[id]/route")],
  [/^\/api\/admin\/users\/([^/]+)\/status$/, ["id"], () => import("@/app/api/admin/users/[id]/status/route")],
  [/^\/api\/admin\/users\/([^/]+)\/phone-number$/, ["id"], () => import("@/app/api/admin/users/[id]/phone-number/route")],
  [/^\/api\/admin\/users\/([^/]+)\/subscription$/, ["id"], () => import("@/app/api/admin/users/[id]/subscription/route")],
  [/^\/api\/admin\/outbox$/, [], () => import("@/app/api/admin/outbox/route")],
  [/^\/api\/admin\/phone-numbers\/available$/, [], () => import("@/app/api/admin/phone-numbers/available/route")],
  [/^\/api\/admin\/phone-numbers\/telnyx$/, [], () => import("@/app/api/admin/phone-numbers/telnyx/route")],
  [/^\/api\/admin\/phone-numbers\/([^/]+)$/, ["id"], () => import("@/app/api/admin/phone-numbers/[id]/route")],
  [/^\/api\/health$/, [], () => import("@/app/api/health/route")],
  [/^\/api\/ready$/, [], () => import("@/app/api/ready/route")],
  [/^\/api\/account\/export$/, [], () => import("@/app/api/account/export/route")],
  [/^\/api\/account$/, [], () => import("@/app/api/account/route")],
  [/^\/api\/account\/privacy$/, [], () => import("@/app/api/account/privacy/route")],
  [/^\/api\/callers\/([^/]+)$/, ["phone"], () => import("@/app/api/callers/[phone]/route")],
];

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
  let loader: () => Promise<RouteModule> = () => import("@/app/api/[...path]/route");
  let params: Record<string, string | string[]> = { path: url.pathname.split("/").slice(2) };
  for (const [re, names, load] of routes) {
    const m = re.exec(url.pathname);
    if (m) {
      loader = load;
      params = Object.fromEntries(names.map((n, i) => [n, decodeURIComponent(m[i + 1]!)]));
      break;
    }
  }
  const mod = await loader();
  const handler = typeof mod[method] === "function" ? (mod[method] as Handler) : undefined;
  // Next.js answers 405 for a method the route does not export.
  if (!handler) return { status: 405, body: null as T, headers: new Headers() };
  const headers = new Headers(opts.headers);
  headers.set("x-forwarded-for", headers.get("x-forwarded-for") ?? "127.0.0.1");
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
    parsed = JSON.parse(text); // every answer of the API is JSON: this throws (and fails the test) otherwise
  }
  return { status: res.status, body: parsed as T, headers: res.headers };
}

let counter = 0;
export function uniqueEmail(tag = "owner"): string {
  counter += 1;
  return `${tag}-${Date.now().toString(36)}-${counter}-${Math.random().toString(36).slice(2, 6)}@example.com`;
}

export type Account = { token: string; user: { id: string; email: string; fullName: string; type: string }; email: string; password: string };

export async function registerOwner(overrides: Record<string, unknown> = {}): Promise<Account> {
  const email = uniqueEmail();
  const password = "correct-horse-battery";
  const res = await api("POST", "/api/auth/register", { body: { email, password, fullName: "Owner Test", ...overrides } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
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

/** Adds free numbers of this test's own to the pool (unique per call) and returns them. */
export async function addPoolNumbers(count: number): Promise<string[]> {
  const { getDb } = await import("@/db/client");
  const { phoneNumbers } = await import("@/db/schema");
  const base = 2_000_000 + Math.floor(Math.random() * 7_000_000);
  const numbers = Array.from({ length: count }, (_, i) => `+1999${String(base + i).padStart(7, "0")}`);
  await getDb().insert(phoneNumbers).values(numbers.map((phoneNumber) => ({ phoneNumber, providerId: `test-${phoneNumber}` })));
  return numbers;
}

/** The signed-in 7-day trial (what the landing page's trial start does): claiming a number needs a live trial. */
export async function startTrial(token: string): Promise<void> {
  const res = await api("POST", "/api/subscription/start-trial", { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}
