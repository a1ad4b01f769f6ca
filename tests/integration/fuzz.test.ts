// Fuzz: every route under app/api that can take a body (POST, PUT, PATCH, DELETE), found by walking the folder so a new
// route is fuzzed without being listed, gets generated bodies: its own field names and random ones, with strings full
// of control characters, lone surrogates, huge and deeply nested values, numbers JSON cannot quite hold, and raw bodies
// that are no JSON at all. The webhooks get the same unsigned (always 4xx), and correctly signed fuzzed messages too.
// No answer may be a 5xx, and every 4xx carries a string `message` with its placeholders filled. Deterministic: FUZZ_SEED=<seed> replays a run.
import { readdirSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { signStripePayload } from "@/lib/vendors/stripe/webhook-signature";
import { sandboxTelnyxKeys, signTelnyxPayload } from "@/lib/vendors/telnyx/webhook";
import en from "@/messages/en.json";
import { api, createAdmin, registerOwner, type Account } from "../helpers/api";
import { dayAhead, newCallId, practice, VAPI_SECRET, vapiTool, type Practice } from "../helpers/practice";

const SEED = Number(process.env.FUZZ_SEED ?? 20_261_123);
const BODIES_PER_ROUTE = 30;
const SIGNED_VAPI = 160;
const SIGNED_TELNYX = 50;
const SIGNED_STRIPE = 50;
const UNSIGNED_PER_WEBHOOK = 12;

// ---------------------------------------------------------------------------------------------------------------------
// Values

const CONTROL = fc.constantFrom(
  "\u0000",
  "\u0001",
  "\u0008",
  "\u000B",
  "\u000C",
  "\u001B",
  "\u001F",
  "\u007F",
  "\uFFFE",
  "\uFFFF",
  "\uD800",
  "\uDBFF",
  "\uDC00",
  "\uDFFF",
);
const SPECIAL = fc.constantFrom(
  "\t",
  "\n",
  "\r",
  " ",
  "'",
  '"',
  "\\",
  "%",
  "_",
  "*",
  "<",
  ">",
  "&",
  ";",
  "--",
  "/*",
  "${",
  "{{",
  "😀",
  "é",
  "東",
  "\u202E",
  "\u00A0",
  "\u2028",
);
const ASCII = fc.string({ unit: "grapheme-ascii", minLength: 1, maxLength: 1 });
const hostileChar = fc.oneof({ arbitrary: ASCII, weight: 4 }, { arbitrary: SPECIAL, weight: 2 }, { arbitrary: CONTROL, weight: 2 });

const hostileString: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.string({ unit: hostileChar, maxLength: 40 }), weight: 6 },
  { arbitrary: fc.string({ unit: "binary", maxLength: 30 }), weight: 2 },
  {
    arbitrary: fc.constantFrom(
      "",
      " ",
      "null",
      "undefined",
      "NaN",
      "Infinity",
      "-0",
      "1e400",
      "0x10",
      "true",
      "[]",
      "{}",
      "__proto__",
      "constructor",
      "' OR 1=1 --",
      "<script>alert(1)</script>",
      "../../etc/passwd",
      "%00",
      "\\u0000",
    ),
    weight: 2,
  },
  // Long: past every max length (the body limit is crossed by hugeString below).
  { arbitrary: fc.tuple(fc.integer({ min: 200, max: 5_000 }), fc.option(CONTROL)).map(([n, c]) => "a".repeat(n) + (c ?? "")), weight: 1 },
);

// Just under and just over the 64 KB body limit.
const hugeString = fc.integer({ min: 55_000, max: 70_000 }).map((n) => "x".repeat(n));

const oddNumber = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(0, -1, 2 ** 31, 2 ** 53 + 1, Number.MAX_SAFE_INTEGER, 1e21, -1e308, 1.5, 1e-7, 253_402_300_800_000),
);

const key = fc.oneof(
  fc.constantFrom(...Object.keys(en.Fields)),
  fc.constantFrom("__proto__", "constructor", "prototype", "", "a.b", "0"),
  hostileString.filter((s) => s.length < 50),
);

const { json: anyJson } = fc.letrec<{ json: unknown }>((tie) => ({
  json: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    hostileString,
    oddNumber,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie("json"), { maxLength: 4 }),
    fc.dictionary(key, tie("json"), { maxKeys: 4 }),
  ),
}));

// Plausible values, so that some bodies pass validation and reach the services behind it.
const open = { isOpen: true, openTime: "09:00", closeTime: "17:00" };
const PLAUSIBLE: Record<string, fc.Arbitrary<unknown>> = {
  email: fc.oneof(
    fc.uuid().map((u) => `fuzz-${u.slice(0, 13)}@example.com`),
    fc.constantFrom("not-an-email", "a@b", "UPPER@EXAMPLE.COM"),
  ),
  password: fc.constantFrom("fuzz-password-123", "short", ""),
  newPassword: fc.constantFrom("fuzz-password-456", "short"),
  oldPassword: fc.constantFrom("wrong-password-1"),
  confirmPassword: fc.constantFrom("fuzz-password-456"),
  fullName: fc.constantFrom("Jane Doe", "Élodie Müller", " ", "x".repeat(121)),
  name: fc.constantFrom("Jane Doe", ""),
  phone: fc.constantFrom("+33612345678", "06 12 34 56 78", "+1 212 555 0100", "call me", "", null),
  patientPhone: fc.constantFrom("+33612345678", "0612345678", null),
  phoneNumber: fc.constantFrom("+19990000001", "+1", ""),
  patientName: fc.constantFrom("Marie Curie", ""),
  patientEmail: fc.constantFrom("marie@example.com", "", null, "nope"),
  businessName: fc.constantFrom("Cabinet Fuzz", null),
  businessType: fc.constantFrom("medical", "dental", "spaceship", null),
  businessSize: fc.constantFrom("solo", "galactic", null),
  specialty: fc.constantFrom("general", "astrology", null),
  services: fc.constantFrom(["Check-up"], [], Array(51).fill("s"), "Check-up"),
  workingHours: fc.constantFrom(
    { monday: open, tuesday: { isOpen: false, openTime: "09:00", closeTime: "17:00" } },
    { monday: { isOpen: true, openTime: "17:00", closeTime: "09:00" } },
    { sunday: { isOpen: true, openTime: "24:00", closeTime: "25:99" } },
    { funday: open },
    "always",
  ),
  appointmentDuration: fc.constantFrom("30", "45", 30, "7"),
  timeZone: fc.constantFrom("Europe/Paris", "America/New_York", "Mars/Olympus", "UTC", ""),
  locale: fc.constantFrom("en", "fr", "es", "de"),
  language: fc.constantFrom("en", "fr", "de"),
  voiceId: fc.constantFrom("voice_english_female_1", "voice_french_male_1", "voice_klingon_1"),
  firstMessage: fc.constantFrom("Hello!", "", null, "x".repeat(501)),
  agentName: fc.constantFrom("Léa", null),
  date: fc.constantFrom(dayAhead(5), "2030-02-29", "2028-02-29", "0001-01-01", "9999-12-31", "2026-13-01", "tomorrow"),
  time: fc.constantFrom("10:00", "23:59", "24:00", "9am", "02:30"),
  duration: fc.constantFrom(30, "30", 5, 480, 481, 0, -5, 1.5, "abc"),
  reason: fc.constantFrom("Check-up", null),
  isActive: fc.boolean(),
  retentionDays: fc.constantFrom(7, 30, 365, 6, 366, 30.5),
  recordingEnabled: fc.boolean(),
  code: fc.constantFrom("sandbox-test-code", "bad-code", ""),
  token: fc.constantFrom("abc", ""),
  action: fc.constantFrom("start", "say", "end", "dance"),
  text: fc.constantFrom("I'd like an appointment tomorrow", ""),
  state: fc.constantFrom({}, "state", { callId: "try-x" }, null),
  callerNumber: fc.constantFrom("+33612345678", "0612345678"),
  clientReferenceId: fc.constantFrom("ref_123", "bad ref!"),
  checkoutId: fc.constantFrom("cs_test_123", "bad id!"),
  from: fc.constantFrom("2026-01-01", "2026-01-01T00:00:00Z", "yesterday"),
  to: fc.constantFrom("2027-01-01", "soon"),
  channel: fc.constantFrom("sms", "email", "pigeon"),
};

// Values every schema accepts: a body made of these, with one string poisoned, reaches the write behind the check.
const VALID: Record<string, unknown> = {
  email: "fuzz-valid@example.com",
  password: "fuzz-password-123",
  newPassword: "fuzz-password-456",
  oldPassword: "wrong-password-1",
  confirmPassword: "fuzz-password-456",
  fullName: "Jane Doe",
  name: "Jane Doe",
  phone: "+33612345678",
  businessName: "Cabinet Fuzz",
  businessType: "medical",
  specialty: "general",
  businessSize: "small",
  businessAddress: "1 rue de la Paix, Paris",
  serviceFrequency: "weekly",
  services: ["Check-up", "Cleaning"],
  workingHours: { monday: open, tuesday: open },
  appointmentDuration: "30",
  aiInstructions: "Be kind.",
  timeZone: "Europe/Paris",
  locale: "fr",
  language: "en",
  voiceId: "voice_english_female_1",
  firstMessage: "Hello!",
  agentName: "Léa",
  patientName: "Marie Curie",
  patientEmail: "marie@example.com",
  patientPhone: "+33612345678",
  reason: "Check-up",
  date: dayAhead(9),
  time: "10:00",
  duration: 30,
  isActive: true,
  retentionDays: 30,
  recordingEnabled: true,
  code: "sandbox-test-code",
  token: "fuzz-token",
  action: "say",
  text: "Hello",
  callerNumber: "+33612345678",
  clientReferenceId: "ref_123",
  checkoutId: "cs_test_123",
  phoneNumber: "+19990000001",
};

/** Every field valid, but one string (or a string in a list or an object) carries a control character. */
function poisonedBody(fields: string[]): fc.Arbitrary<Body> {
  const valid = Object.fromEntries(fields.filter((f) => f in VALID).map((f) => [f, VALID[f]]));
  const targets = Object.keys(valid);
  if (!targets.length) return hostileString.map((v) => jsonBody({ [fields[0] ?? "x"]: v }, "poisoned"));
  // NUL half the time: the one character every Postgres text and jsonb column refuses outright.
  return fc.tuple(fc.constantFrom(...targets), fc.oneof(fc.constant("\u0000"), CONTROL), fc.nat(), fc.nat(3)).map(([f, c, at, clean]) => {
    if (clean === 0) return jsonBody(valid, "valid object");
    const poison = (v: unknown): unknown => {
      if (typeof v === "string") return v.slice(0, at % (v.length + 1)) + c + v.slice(at % (v.length + 1));
      if (Array.isArray(v)) return v.map((x, i) => (i === 0 ? poison(x) : x));
      if (v && typeof v === "object") return Object.fromEntries(Object.entries(v).map(([k, x], i) => [k, i === 0 ? poison(x) : x]));
      return `${String(v)}${c}`;
    };
    // A fresh address each time, so a registration gets past "email taken" to its insert.
    const fresh = "email" in valid ? { email: `fuzz-${at}-${f.length}@example.com` } : {};
    return jsonBody({ ...valid, ...fresh, [f]: poison(f === "email" ? fresh.email : valid[f]) }, `poisoned ${f}`);
  });
}

function fieldValue(field: string): fc.Arbitrary<unknown> {
  const plausible = PLAUSIBLE[field];
  return fc.oneof(
    ...(plausible ? [{ arbitrary: plausible, weight: 6 }] : []),
    { arbitrary: hostileString, weight: 3 },
    {
      arbitrary: fc
        .tuple(plausible ?? fc.constant("text"), CONTROL)
        .map(([v, c]) => `${typeof v === "string" ? v : JSON.stringify(v)}${c}`),
      weight: 2,
    },
    { arbitrary: anyJson, weight: 2 },
    { arbitrary: hugeString, weight: 1 },
  );
}

/** Only plausible values, every field present: bodies that get past validation more often than not. */
function plausibleBody(fields: string[]): fc.Arbitrary<Body> {
  return fc.record(Object.fromEntries(fields.map((f) => [f, PLAUSIBLE[f] ?? hostileString]))).map((v) => jsonBody(v, "plausible object"));
}

type Body = { raw: string; contentType: string | null; label: string };

const jsonBody = (value: unknown, label: string): Body => ({ raw: JSON.stringify(value), contentType: "application/json", label });

// Bodies JSON.stringify cannot make (it recurses): written out as text.
const nested = (depth: number, open: string, close: string, inner = "0") => open.repeat(depth) + inner + close.repeat(depth);

const rawBody: fc.Arbitrary<Body> = fc.oneof(
  fc
    .constantFrom(
      "{not json",
      "",
      " ",
      "\u0000",
      '{"a":1}garbage',
      "\uFEFF{}",
      "[1,2,3]",
      '"just a string"',
      "null",
      "42",
      "1e999",
      "true",
      '{"email":1e999}',
      '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"x":1}}}',
      '{"a":1,"a":2}',
      '{"fullName":"\\ud800"}',
      '{"fullName":"\\u0000"}',
    )
    .map((raw) => ({ raw, contentType: "application/json", label: `raw ${JSON.stringify(raw.slice(0, 30))}` })),
  fc
    .integer({ min: 1_000, max: 30_000 })
    .map((d) => ({ raw: nested(d, "[", "]"), contentType: "application/json", label: `array nested ${d} deep` })),
  fc.tuple(fc.constantFrom(...Object.keys(en.Fields)), fc.integer({ min: 1_000, max: 12_000 })).map(([f, d]) => ({
    raw: `{${JSON.stringify(f)}:${nested(d, '{"a":', "}", '"\\u0000"')}}`,
    contentType: "application/json",
    label: `${f} nested ${d} deep`,
  })),
  fc
    .constantFrom("text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", null)
    .map((contentType) => ({ raw: "a=1&b=%00", contentType, label: `form as ${contentType}` })),
  fc
    .integer({ min: 66_000, max: 80_000 })
    .map((n) => ({ raw: JSON.stringify({ fullName: "x".repeat(n) }), contentType: "application/json", label: `${n} bytes` })),
);

function bodyFor(fields: string[]): fc.Arbitrary<Body> {
  const known = fc.record(Object.fromEntries(fields.map((f) => [f, fieldValue(f)])), { requiredKeys: [] });
  const extra = fc.dictionary(key, anyJson, { maxKeys: 3 });
  const object = fc.tuple(known, extra, fc.boolean()).map(([k, x, withExtra]) => jsonBody(withExtra ? { ...x, ...k } : k, "object"));
  return fc.oneof(
    { arbitrary: object, weight: 8 },
    { arbitrary: plausibleBody(fields), weight: 2 },
    { arbitrary: poisonedBody(fields), weight: 6 },
    { arbitrary: rawBody, weight: 2 },
    { arbitrary: anyJson.map((v) => jsonBody(v, "any JSON")), weight: 1 },
  );
}

// ---------------------------------------------------------------------------------------------------------------------
// Routes

type Handler = (req: Request, ctx: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>;
type Who = "owner" | "admin" | "anonymous" | "erasable";
type Target = {
  label: string;
  url: string;
  method: string;
  handler: Handler;
  params: Record<string, string | string[]>;
  who: Who;
  fields: string[];
};

const BODY_METHODS = ["POST", "PUT", "PATCH", "DELETE"];
const QUERIES_PER_ROUTE = 8;
// The query parameters routes read, so queries aim at real names; every route also gets random keys.
const QUERY_KEYS = [
  "from",
  "to",
  "date",
  "format",
  "table",
  "country",
  "locale",
  "q",
  "status",
  "state",
  "code",
  "page",
  "limit",
  "expired",
];

// The fields each route reads (from its zod schema), so bodies aim at real names; every route also gets random keys.
const FIELDS: Record<string, string[]> = {
  "/api/auth/login": ["email", "password"],
  "/api/auth/register": [
    "email",
    "password",
    "fullName",
    "phone",
    "businessName",
    "businessType",
    "specialty",
    "businessSize",
    "businessAddress",
    "serviceFrequency",
    "services",
    "workingHours",
    "appointmentDuration",
    "aiInstructions",
    "timeZone",
    "locale",
  ],
  "/api/auth/update-profile": [
    "fullName",
    "email",
    "phone",
    "businessName",
    "businessType",
    "specialty",
    "businessSize",
    "businessAddress",
    "serviceFrequency",
    "services",
    "workingHours",
    "appointmentDuration",
    "aiInstructions",
    "timeZone",
    "locale",
  ],
  "/api/auth/update-password": ["oldPassword", "newPassword", "confirmPassword"],
  "/api/auth/update-working-hours": ["workingHours"],
  "/api/auth/complete-setup": ["token", "name", "password", "confirmPassword"],
  "/api/ai/parameters": ["language", "voiceId", "firstMessage", "agentName"],
  "/api/appointments": ["patientName", "patientEmail", "patientPhone", "reason", "date", "time", "duration"],
  "/api/account": ["password"],
  "/api/account/privacy": ["retentionDays", "recordingEnabled", "birthDateCheck"],
  "/api/google-calendar/authorize": ["code"],
  "/api/receptionist/try": ["action", "state", "text", "callerNumber"],
  "/api/sandbox/billing/checkout": ["email", "clientReferenceId", "locale"],
  "/api/admin/users/[id]/status": ["isActive"],
  "/api/admin/users/[id]/phone-number": ["phoneNumber"],
};
const ANY_FIELDS = ["email", "password", "fullName", "phone", "date", "time", "code", "token", "checkoutId", "action"];

function routeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return routeFiles(p);
    return e.name === "route.ts" ? [p] : [];
  });
}

let owner: Practice;
let admin: Account;
let victim: Account;
let erasable: Account | null = null;

async function tokenFor(who: Who): Promise<string | undefined> {
  if (who === "owner") return owner.token;
  if (who === "admin") return admin.token;
  if (who === "erasable") {
    // DELETE /api/account erases the account it is sent for (a recent sign-in needs no password): a fresh one each time.
    erasable ??= await registerOwner();
    return erasable.token;
  }
  return undefined;
}

async function targets(methods: string[] = BODY_METHODS): Promise<Target[]> {
  const root = path.resolve("app/api");
  const out: Target[] = [];
  for (const file of routeFiles(root).sort()) {
    const rel = path.relative(root, path.dirname(file)).split(path.sep).filter(Boolean);
    const pattern = `/api/${rel.join("/")}`.replace(/\/$/, "");
    const params: Record<string, string | string[]> = {};
    const url = rel
      .map((seg) => {
        if (seg === "[...path]") return (params.path = ["fuzz", "nothing"]).join("/");
        const m = /^\[(.+)\]$/.exec(seg);
        if (!m) return seg;
        const value =
          m[1] === "phone"
            ? "+33612345678"
            : m[1] === "id"
              ? pattern.startsWith("/api/admin/users")
                ? victim.user.id
                : "00000000-0000-4000-8000-000000000000"
              : "fuzz-token";
        params[m[1]!] = value;
        return encodeURIComponent(value);
      })
      .join("/");
    const mod = (await import(/* @vite-ignore */ file)) as Record<string, unknown>;
    for (const method of methods) {
      if (typeof mod[method] !== "function") continue;
      const who: Who =
        pattern.startsWith("/api/webhooks") || pattern === "/api/auth/logout"
          ? "anonymous"
          : pattern.startsWith("/api/admin")
            ? "admin"
            : pattern === "/api/account" && method === "DELETE"
              ? "erasable"
              : "owner";
      out.push({
        label: `${method} ${pattern}`,
        url: `/api/${url}`,
        method,
        handler: mod[method] as Handler,
        params,
        who,
        fields: FIELDS[pattern] ?? ANY_FIELDS,
      });
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------------------
// Sending and judging

type Failure = { route: string; status: number | string; answer: string; input: string };
let sent = 0;
let addresses = 0;
// Answers per route and status: printed, so a run that only ever reached a 401 is seen for what it is.
const tally = new Map<string, Map<number | string, number>>();

async function send(
  t: Pick<Target, "url" | "method" | "handler" | "params">,
  body: Body,
  headers: Record<string, string> = {},
  token?: string,
) {
  // A fresh address per body: the sign-in limiter would otherwise answer 429 to most of the run, and the bodies would
  // never reach the code behind it.
  const n = ++addresses;
  const h = new Headers({ "x-forwarded-for": `198.18.${(n >> 8) & 255}.${n & 255}`, ...headers });
  if (body.contentType) h.set("content-type", body.contentType);
  if (token) h.set("authorization", `Bearer ${token}`);
  const req = new Request(new URL(t.url, "http://localhost:3000"), {
    method: t.method,
    headers: h,
    body: t.method === "GET" ? undefined : body.raw,
  });
  sent += 1;
  const res = await t.handler(req, { params: Promise.resolve(t.params) });
  const text = await res.text();
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = text;
  }
  return { status: res.status, json, text };
}

/** The failure, if any: a 5xx, a thrown handler, a 4xx without a string message, or a message with a placeholder left. */
async function judge(
  route: string,
  run: () => Promise<{ status: number; json: unknown; text: string }>,
  input: string,
  expect4xx = false,
): Promise<Failure | null> {
  const shown = input.length > 160 ? `${input.slice(0, 160)}… (${input.length} chars)` : input;
  try {
    const { status, json, text } = await run();
    const counts = tally.get(route) ?? new Map<number | string, number>();
    tally.set(route, counts.set(status, (counts.get(status) ?? 0) + 1));
    const answer = text.slice(0, 200);
    if (status >= 500) return { route, status, answer, input: shown };
    if (expect4xx && (status < 400 || status >= 500)) return { route, status, answer: `expected a 4xx: ${answer}`, input: shown };
    const message = (json as { message?: unknown } | null)?.message;
    if (status >= 400 && status !== 405 && typeof message !== "string") {
      return { route, status, answer: `no message: ${answer}`, input: shown };
    }
    // Every placeholder filled: "at most {max} characters" never reaches a reader.
    if (typeof message === "string" && /\{\w+\}/.test(message))
      return { route, status, answer: `unfilled placeholder: ${answer}`, input: shown };
    return null;
  } catch (e) {
    return { route, status: "threw", answer: String((e as Error)?.stack ?? e).slice(0, 300), input: shown };
  }
}

function report(failures: Failure[]): string {
  return `${failures.length} failures (FUZZ_SEED=${SEED}):\n${failures
    .slice(0, 15)
    .map((f) => `  ${f.route} → ${f.status} ${f.answer}\n      body: ${JSON.stringify(f.input)}`)
    .join("\n")}`;
}

/** A stable per-route seed, so adding a route does not change what the others are sent. */
function seedFor(label: string): number {
  let h = SEED | 0;
  for (const c of label) h = (Math.imul(h, 31) + c.charCodeAt(0)) | 0;
  return h;
}

// ---------------------------------------------------------------------------------------------------------------------

beforeAll(async () => {
  console.log(`fuzz seed ${SEED} (set FUZZ_SEED=${SEED} to replay this run)`);
  owner = await practice("Cabinet Fuzz");
  admin = await createAdmin();
  victim = await registerOwner();
  // A call and an appointment of the owner's, so some fuzzed messages land on real rows.
  expect(
    await vapiTool(owner.line, newCallId("fuzz"), "+33700000401", "book_appointment", {
      date: dayAhead(4),
      time: "10:00",
      name: "Fuzz Patient",
    }),
  ).toMatch(/booked/i);
});

describe("fuzz: every route that takes a body", () => {
  it(`answers ${BODIES_PER_ROUTE} generated bodies per route with no 5xx, and a message with every 4xx`, async () => {
    const all = await targets();
    expect(all.length).toBeGreaterThan(25);
    const failures: Failure[] = [];
    for (const t of all) {
      const bodies = fc.sample(bodyFor(t.fields), { seed: seedFor(t.label), numRuns: BODIES_PER_ROUTE });
      for (const body of bodies) {
        const webhook = t.url.startsWith("/api/webhooks/");
        const token = await tokenFor(t.who);
        const failure = await judge(t.label, () => send(t, body, {}, token), body.raw, webhook);
        if (failure) failures.push(failure);
        // The erasable account is gone once a DELETE /api/account succeeded: the next body gets a new one.
        if (t.who === "erasable") erasable = null;
      }
    }
    console.log(`fuzz: ${all.length} routes, ${sent} bodies so far`);
    expect(failures, report(failures)).toEqual([]);
    // Thirty bodies for each of some sixty routes, one after the other: not a speed target, only a long loop.
  }, 180_000);
});

const NO_BODY: Body = { raw: "", contentType: null, label: "none" };

/** A query string of hostile values under real and random names ("?from=%00&x=…"). */
const queryString: fc.Arbitrary<string> = fc
  .array(fc.tuple(fc.oneof(fc.constantFrom(...QUERY_KEYS), fc.string({ maxLength: 8 })), hostileString), { maxLength: 5 })
  .map((pairs) => new URLSearchParams(pairs).toString());

describe("fuzz: every route that reads (GET), with fuzzed queries", () => {
  it(`answers ${QUERIES_PER_ROUTE} generated queries per route, anonymous and signed in, with no 5xx and a message with every 4xx`, async () => {
    const all = await targets(["GET"]);
    expect(all.length).toBeGreaterThan(25);
    const failures: Failure[] = [];
    for (const t of all) {
      const queries = fc.sample(queryString, { seed: seedFor(`GET ${t.label}`), numRuns: QUERIES_PER_ROUTE });
      for (const [i, query] of queries.entries()) {
        const target = { ...t, url: query ? `${t.url}?${query}` : t.url };
        // Every other query anonymously: a public route, or the refusal of a private one, must answer too.
        const token = i % 2 === 0 ? await tokenFor(t.who) : undefined;
        const failure = await judge(t.label, () => send(target, NO_BODY), query);
        if (failure) failures.push(failure);
        const signedIn = token ? await judge(t.label, () => send(target, NO_BODY, {}, token), query) : null;
        if (signedIn) failures.push(signedIn);
      }
    }
    console.log(`fuzz: ${all.length} GET routes, ${sent} requests so far`);
    expect(failures, report(failures)).toEqual([]);
  });
});

describe("fuzz: webhooks with a valid signature", () => {
  const phoneish = fc.oneof(
    fc.constantFrom("+33612345678", "+19990000000", "anonymous", "", "06 12 34 56 78", "+1", "+999999999999999999"),
    hostileString,
  );
  const dateish = fc.oneof(
    fc.constantFrom(
      "0001-01-01",
      "9999-12-31",
      "-271821-04-20T00:00:00Z",
      "+275760-09-13T00:00:00Z",
      "2026-02-30",
      "tomorrow",
      "1970-01-01T00:00:00Z",
    ),
    fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
    fc.constantFrom(0, -1, 8.64e15, 1e20, 1.5),
    hostileString,
  );

  it(`answers ${SIGNED_VAPI} fuzzed Vapi messages sent with the secret with no 5xx`, async () => {
    const { POST } = (await import("@/app/api/webhooks/vapi/route")) as unknown as { POST: Handler };
    const calls = [newCallId("fuzz-a"), newCallId("fuzz-b")];
    const toolArgs = fc.record(
      {
        date: dateish,
        time: fc.oneof(fc.constantFrom("10:00", "9am", "25:00", "12 p.m."), hostileString),
        start: dateish,
        dateTime: dateish,
        name: hostileString,
        phone: phoneish,
        email: fc.oneof(fc.constantFrom("a@b.co", "x"), hostileString),
        reason: hostileString,
        message: hostileString,
        appointmentId: fc.oneof(fc.uuid(), hostileString),
        partOfDay: fc.oneof(fc.constantFrom("morning", "evening"), hostileString),
      },
      { requiredKeys: [] },
    );
    const toolCall = fc.record(
      {
        id: fc.oneof(
          fc.uuid().map((u) => `tc-${u}`),
          hostileString,
        ),
        type: fc.constant("function"),
        function: fc.record(
          {
            name: fc.oneof(
              fc.constantFrom(
                "check_availability",
                "book_appointment",
                "find_my_appointments",
                "reschedule_appointment",
                "cancel_appointment",
                "take_message",
                "report_spam",
                "transferCall",
              ),
              hostileString,
            ),
            arguments: fc.oneof(
              toolArgs,
              toolArgs.map((a) => JSON.stringify(a)),
              hostileString,
              anyJson,
            ),
          },
          { requiredKeys: ["name"] },
        ),
      },
      { requiredKeys: ["function"] },
    );
    const message = fc.record(
      {
        type: fc.oneof(
          fc.constantFrom(
            "assistant-request",
            "tool-calls",
            "status-update",
            "end-of-call-report",
            "hang",
            "conversation-update",
            "transcript",
          ),
          hostileString,
        ),
        call: fc.record(
          {
            id: fc.oneof(fc.constantFrom(...calls), fc.uuid(), hostileString),
            customer: fc.record({ number: phoneish }, { requiredKeys: [] }),
            startedAt: dateish,
            endedAt: dateish,
            assistant: fc.record({ metadata: fc.record({ userId: fc.oneof(fc.constant(owner.user.id), fc.uuid(), hostileString) }) }),
          },
          { requiredKeys: [] },
        ),
        phoneNumber: fc.record({ number: fc.oneof(fc.constant(owner.line), phoneish) }),
        status: fc.oneof(fc.constantFrom("in-progress", "ended", "ringing", "forwarding"), hostileString),
        endedReason: hostileString,
        startedAt: dateish,
        endedAt: dateish,
        timestamp: dateish,
        artifact: fc.record(
          {
            transcript: hostileString,
            recordingUrl: hostileString,
            recording: fc.record({ mono: fc.record({ combinedUrl: hostileString }) }),
          },
          { requiredKeys: [] },
        ),
        analysis: fc.record({ summary: hostileString }, { requiredKeys: [] }),
        toolCallList: fc.array(toolCall, { maxLength: 3 }),
        toolCalls: fc.array(toolCall, { maxLength: 2 }),
        toolWithToolCallList: fc.array(fc.record({ toolCall, function: fc.record({ name: hostileString }) }, { requiredKeys: [] }), {
          maxLength: 2,
        }),
      },
      { requiredKeys: ["type"] },
    );
    const body = fc.oneof(
      { arbitrary: message.map((m) => jsonBody({ message: m }, "vapi message")), weight: 9 },
      { arbitrary: anyJson.map((v) => jsonBody(v, "any JSON")), weight: 1 },
      { arbitrary: rawBody, weight: 1 },
    );
    const failures: Failure[] = [];
    const target = { url: "/api/webhooks/vapi", method: "POST", handler: POST, params: {} };
    for (const b of fc.sample(body, { seed: seedFor("vapi"), numRuns: SIGNED_VAPI })) {
      const failure = await judge("POST /api/webhooks/vapi (signed)", () => send(target, b, VAPI_SECRET), b.raw);
      if (failure) failures.push(failure);
    }
    expect(failures, report(failures)).toEqual([]);
    // The owner's business still answers its calls after all that.
    expect(await vapiTool(owner.line, newCallId("after"), "+33700000402", "check_availability", { date: dayAhead(6) })).not.toMatch(
      /went wrong/,
    );
  });

  it(`answers ${SIGNED_TELNYX} fuzzed, correctly signed Telnyx events with no 5xx`, async () => {
    const { POST } = (await import("@/app/api/webhooks/telnyx/route")) as unknown as { POST: Handler };
    const keys = sandboxTelnyxKeys(process.env.AUTH_SECRET!);
    const event = fc.record({
      data: fc.record(
        {
          id: fc.oneof(fc.uuid(), hostileString),
          event_type: fc.oneof(fc.constantFrom("message.received", "message.sent", "message.finalized", "call.initiated"), hostileString),
          payload: fc.oneof(
            fc.record(
              {
                id: fc.oneof(fc.uuid(), hostileString),
                from: fc.record({ phone_number: phoneish }),
                to: fc.array(
                  fc.record(
                    {
                      phone_number: phoneish,
                      status: fc.oneof(fc.constantFrom("delivered", "sent", "delivery_failed", "queued"), hostileString),
                    },
                    { requiredKeys: [] },
                  ),
                  { maxLength: 2 },
                ),
                text: fc.oneof(fc.constantFrom("STOP", "START", "ST\u0000OP"), hostileString),
                errors: fc.array(fc.record({ code: fc.oneof(hostileString, oddNumber) }), { maxLength: 2 }),
              },
              { requiredKeys: [] },
            ),
            anyJson,
          ),
        },
        { requiredKeys: ["id", "event_type"] },
      ),
    });
    const body = fc.oneof(
      { arbitrary: event.map((e) => jsonBody(e, "telnyx event")), weight: 8 },
      { arbitrary: rawBody, weight: 1 },
      { arbitrary: anyJson.map((v) => jsonBody(v, "any JSON")), weight: 1 },
    );
    const failures: Failure[] = [];
    const target = { url: "/api/webhooks/telnyx", method: "POST", handler: POST, params: {} };
    for (const b of fc.sample(body, { seed: seedFor("telnyx"), numRuns: SIGNED_TELNYX })) {
      const ts = Math.floor(Date.now() / 1000);
      const headers = { "telnyx-timestamp": String(ts), "telnyx-signature-ed25519": signTelnyxPayload(b.raw, keys.privateKey, ts) };
      const failure = await judge("POST /api/webhooks/telnyx (signed)", () => send(target, b, headers), b.raw);
      if (failure) failures.push(failure);
    }
    expect(failures, report(failures)).toEqual([]);
  });

  it(`answers ${SIGNED_STRIPE} fuzzed, correctly signed Stripe events with no 5xx`, async () => {
    const { POST } = (await import("@/app/api/webhooks/stripe/route")) as unknown as { POST: Handler };
    const ref = fc.oneof(
      fc.uuid().map((u) => `x_${u}`),
      hostileString,
      fc.record({ id: hostileString }),
      fc.constant(null),
    );
    const seconds = fc.oneof(fc.integer({ min: 0, max: 2_000_000_000 }), oddNumber, fc.constant(null));
    const object = fc.record(
      {
        id: fc.oneof(
          fc.uuid().map((u) => `obj_${u}`),
          hostileString,
        ),
        mode: fc.constantFrom("subscription", "payment", null),
        client_reference_id: fc.oneof(fc.constant(victim.user.id), hostileString, fc.constant(null)),
        customer: ref,
        subscription: ref,
        customer_email: fc.oneof(PLAUSIBLE.email!, hostileString),
        customer_details: fc.record({ email: fc.oneof(PLAUSIBLE.email!, hostileString), name: hostileString }, { requiredKeys: [] }),
        metadata: fc.oneof(fc.dictionary(key, anyJson, { maxKeys: 2 }), fc.record({ userId: fc.oneof(fc.uuid(), hostileString) })),
        locale: fc.oneof(fc.constantFrom("fr", "es", "xx"), hostileString),
        status: fc.oneof(fc.constantFrom("active", "trialing", "past_due", "canceled"), hostileString),
        trial_end: seconds,
        cancel_at_period_end: fc.oneof(fc.boolean(), anyJson),
        canceled_at: seconds,
        ended_at: seconds,
        start_date: seconds,
        items: fc.record({
          data: fc.array(fc.record({ current_period_start: seconds, current_period_end: seconds }, { requiredKeys: [] }), { maxLength: 2 }),
        }),
        parent: fc.record({ subscription_details: fc.record({ subscription: ref }) }),
        lines: fc.record({ data: fc.array(fc.record({ period: fc.record({ end: seconds }) }), { maxLength: 2 }) }),
      },
      { requiredKeys: [] },
    );
    const event = fc.record({
      id: fc.oneof(
        fc.uuid().map((u) => `evt_${u}`),
        hostileString,
      ),
      object: fc.constant("event"),
      type: fc.oneof(
        fc.constantFrom(
          "checkout.session.completed",
          "customer.subscription.created",
          "customer.subscription.updated",
          "customer.subscription.deleted",
          "invoice.paid",
          "invoice.payment_failed",
          "charge.refunded",
        ),
        hostileString,
      ),
      created: fc.oneof(fc.constant(Math.floor(Date.now() / 1000)), seconds),
      data: fc.record({ object: fc.oneof({ arbitrary: object, weight: 5 }, { arbitrary: anyJson, weight: 1 }) }),
    });
    const body = fc.oneof(
      { arbitrary: event.map((e) => jsonBody(e, "stripe event")), weight: 8 },
      { arbitrary: rawBody, weight: 1 },
      { arbitrary: anyJson.map((v) => jsonBody(v, "any JSON")), weight: 1 },
    );
    const failures: Failure[] = [];
    const target = { url: "/api/webhooks/stripe", method: "POST", handler: POST, params: {} };
    for (const b of fc.sample(body, { seed: seedFor("stripe"), numRuns: SIGNED_STRIPE })) {
      const failure = await judge(
        "POST /api/webhooks/stripe (signed)",
        () => send(target, b, { "stripe-signature": signStripePayload(b.raw, "whsec_test_secret") }),
        b.raw,
      );
      if (failure) failures.push(failure);
    }
    expect(failures, report(failures)).toEqual([]);
  });

  it(`refuses ${UNSIGNED_PER_WEBHOOK} unsigned or wrongly signed bodies per webhook with a 4xx`, async () => {
    const failures: Failure[] = [];
    for (const [name, header] of [
      ["vapi", { "x-vapi-secret": "wrong" }],
      ["telnyx", { "telnyx-timestamp": "1", "telnyx-signature-ed25519": "AAAA" }],
      ["stripe", { "stripe-signature": "t=1,v1=00" }],
    ] as const) {
      const { POST } = (await import(/* @vite-ignore */ path.resolve(`app/api/webhooks/${name}/route.ts`))) as { POST: Handler };
      const target = { url: `/api/webhooks/${name}`, method: "POST", handler: POST, params: {} };
      for (const b of fc.sample(bodyFor(ANY_FIELDS), { seed: seedFor(`unsigned ${name}`), numRuns: UNSIGNED_PER_WEBHOOK })) {
        const failure = await judge(`POST /api/webhooks/${name} (bad signature)`, () => send(target, b, header), b.raw, true);
        if (failure) failures.push(failure);
      }
    }
    expect(failures, report(failures)).toEqual([]);
  });

  it("sent at least 500 bodies in all", () => {
    const lines = [...tally].map(([route, counts]) => `  ${route}: ${[...counts].map(([status, n]) => `${status}×${n}`).join(" ")}`);
    console.log(`fuzz: ${sent} bodies sent (seed ${SEED})\n${lines.join("\n")}`);
    expect(sent).toBeGreaterThanOrEqual(500);
  });
});

describe("fuzz: the owner is still served afterwards", () => {
  it("answers the profile and the call log", async () => {
    expect((await api("GET", "/api/auth/profile", { token: owner.token })).status).toBe(200);
    expect((await api("GET", "/api/calls", { token: owner.token })).status).toBe(200);
  });
});
