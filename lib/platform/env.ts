// The only reader of process.env. Validated once, on first use; start-up (scripts/launch.ts) validates it eagerly.
import { z } from "zod";

const optional = z.string().trim().min(1).optional().catch(undefined);
const bool = z
  .enum(["true", "false", "1", "0"])
  .optional()
  .transform((v) => v === "true" || v === "1");

/** An empty variable (`PUBLIC_RATING=` in a .env file) is an unset one. */
function blankAsUnset(value: unknown): unknown {
  return typeof value === "string" && value.trim() === "" ? undefined : value;
}

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  APP_URL: optional,
  DATABASE_URL: optional,
  // 1 on the embedded default: PGlite is one session, so the app keeps one connection (see lib/server/embedded-db.ts).
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(100).default(10),
  // Named (prepared) statements: parsed and described once per connection, then one round trip a query. "false" for a
  // pooler in transaction mode that cannot carry them (PgBouncer before 1.21, some hosted poolers).
  DATABASE_PREPARED_STATEMENTS: z
    .enum(["true", "false", "1", "0"])
    .optional()
    .transform((v) => v === undefined || v === "true" || v === "1"),
  DATA_DIR: z.string().default(".data"),
  AUTH_SECRET: optional,
  ENCRYPTION_KEY: optional,
  // Previous encryption keys, comma-separated: they still open what they sealed until `npm run keys:rotate` moves it.
  ENCRYPTION_KEYS_OLD: optional,
  VAPI_WEBHOOK_SECRET: optional,
  STRIPE_WEBHOOK_SECRET: optional,
  SEED_ADMIN_EMAIL: optional,
  SEED_ADMIN_PASSWORD: optional,
  GOOGLE_CLIENT_ID: optional,
  GOOGLE_CLIENT_SECRET: optional,
  // Microsoft 365 / Outlook calendars (Microsoft Graph): the app registration's client, and its tenant ("common": work,
  // school and personal accounts).
  MICROSOFT_CLIENT_ID: optional,
  MICROSOFT_CLIENT_SECRET: optional,
  MICROSOFT_TENANT: z.string().trim().min(1).default("common").catch("common"),
  // CalDAV calendars (iCloud, Fastmail, Nextcloud): "true" connects to the servers owners give; otherwise the sandbox
  // twin stands in (the CalDAV servers are the owners', so there is no credential of ours to wait for).
  CALDAV_ENABLED: z.enum(["true", "false"]).default("false").catch("false"),
  TELNYX_API_KEY: optional,
  VAPI_API_KEY: optional,
  STRIPE_SECRET_KEY: optional,
  // Stripe: the Pro plan's price (checkout sessions created on the server) or, without it, a Payment Link; the no-code
  // portal login link (fallback for an account with no Stripe customer yet); the API base for tests.
  STRIPE_PRICE_ID: optional,
  STRIPE_PAYMENT_LINK: optional,
  STRIPE_PORTAL_URL: optional,
  STRIPE_API_BASE: optional,
  SMTP_URL: optional,
  // Sender of every email ("Recepta <no-reply@example.com>").
  MAIL_FROM: z.string().trim().min(3).default("Recepta <no-reply@recepta.app>").catch("Recepta <no-reply@recepta.app>"),
  // Vapi: the Telnyx credential stored in Vapi (needed to import numbers); base URL for tests.
  VAPI_TELNYX_CREDENTIAL_ID: optional,
  VAPI_BASE_URL: optional,
  // Telnyx: the account's webhook public key (base64 Ed25519), the messaging profile and the WhatsApp sender; base URL for tests.
  TELNYX_PUBLIC_KEY: optional,
  TELNYX_MESSAGING_PROFILE_ID: optional,
  TELNYX_WHATSAPP_NUMBER: optional,
  TELNYX_BASE_URL: optional,
  // Google: API and OAuth endpoints for tests (local contract servers).
  GOOGLE_API_ROOT: optional,
  GOOGLE_OAUTH_BASE: optional,
  // Microsoft: Graph and login endpoints for tests (local contract servers).
  MICROSOFT_GRAPH_ROOT: optional,
  MICROSOFT_LOGIN_BASE: optional,
  // Shown on the public site (footer, hero "call us", thank-you page). The phone default is a reserved fictional number.
  PUBLIC_CONTACT_EMAIL: z.string().trim().email().default("hello@recepta.app").catch("hello@recepta.app"),
  PUBLIC_CONTACT_PHONE: z.string().trim().min(3).default("+1 555-010-0199").catch("+1 555-010-0199"),
  // The French and Spanish pages' own contact number: a French visitor should not dial a US line. The defaults are
  // fictional too (France's 01 99 00 block; a Madrid number chosen for the sandbox).
  PUBLIC_CONTACT_PHONE_FR: z.string().trim().min(3).default("+33 1 99 00 01 99").catch("+33 1 99 00 01 99"),
  PUBLIC_CONTACT_PHONE_ES: z.string().trim().min(3).default("+34 910 000 199").catch("+34 910 000 199"),
  // Social proof on the landing page, only as measured and configured: the average rating out of 5 customers gave, and
  // how many businesses use the service. Unset, the line is not shown (an invented claim is misleading advertising);
  // a value that is not a number in range stops the start rather than being shown or dropped silently.
  PUBLIC_RATING: z.preprocess(blankAsUnset, z.coerce.number().min(0).max(5).optional()),
  PUBLIC_CUSTOMER_COUNT: z.preprocess(blankAsUnset, z.coerce.number().int().min(1).optional()),
  // Behind a reverse proxy that sets X-Forwarded-For, the client address for rate limiting comes from it.
  // How many reverse proxies in front of the app append to X-Forwarded-For: "true" is one, "false" (or unset) none.
  TRUST_PROXY: z
    .union([z.enum(["true", "false"]), z.coerce.number().int().min(0).max(10)])
    .optional()
    .transform((v) => (v === "true" ? 1 : v === "false" || v === undefined ? 0 : v)),
  // Registration attempts one client address may make per hour (429 beyond). Test runs raise it: all their clients
  // share one address.
  REGISTRATION_LIMIT_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(10),
  RECEPTA_EMBEDDED_DB: bool,
  // "true" lets webhooks go to private, loopback and link-local addresses, and over plain http: for a receiver on the
  // same private network, and for tests. Off, an owner's endpoint cannot reach what only the server can.
  WEBHOOK_ALLOW_PRIVATE: bool,
  // The bearer token a Prometheus scraper sends to GET /api/metrics; unset, metrics are off (the route answers 404). A
  // short or spaced value stops the start: a guessable token would expose the metrics, a silently dropped one hide them.
  METRICS_TOKEN: z.preprocess(
    blankAsUnset,
    z
      .string()
      .trim()
      .min(16, "must be at least 16 characters (e.g. openssl rand -hex 32)")
      .regex(/^\S+$/, "must not contain spaces")
      .optional(),
  ),
  // pino's level for the JSON logs on stdout; unset: "info" (silent under tests).
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).optional().catch(undefined),
});

export type Env = z.infer<typeof schema>;

/** Secrets the server cannot run without. On the embedded default they are generated into DATA_DIR (lib/server/secrets.ts). */
export const REQUIRED_SECRETS = ["AUTH_SECRET", "ENCRYPTION_KEY", "VAPI_WEBHOOK_SECRET", "STRIPE_WEBHOOK_SECRET"] as const;
export type SecretName = (typeof REQUIRED_SECRETS)[number];

export class EnvError extends Error {}

let cached: (Env & { appUrl: string }) | null = null;

export function readEnv(source: Record<string, string | undefined> = process.env): Env & { appUrl: string } {
  const parsed = schema.safeParse(source);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new EnvError(`Invalid environment variable ${issue?.path.join(".")}: ${issue?.message}`);
  }
  const env = parsed.data;
  return { ...env, appUrl: (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, "") };
}

export function env(): Env & { appUrl: string } {
  cached ??= readEnv();
  return cached;
}

/** For tests that change the environment between cases. */
export function resetEnvCache(): void {
  cached = null;
}

export function missingSecrets(e: Env): SecretName[] {
  return REQUIRED_SECRETS.filter((name) => !e[name]);
}

/** Real providers whose configuration is incomplete: named at start-up rather than failing on the first call. */
export function providerConfigProblems(e: Env): string[] {
  const problems: string[] = [];
  if (e.TELNYX_API_KEY && !e.TELNYX_PUBLIC_KEY)
    problems.push("TELNYX_PUBLIC_KEY must be set with TELNYX_API_KEY (Telnyx webhooks are verified with it).");
  if (e.VAPI_API_KEY && !e.VAPI_TELNYX_CREDENTIAL_ID)
    problems.push("VAPI_TELNYX_CREDENTIAL_ID must be set with VAPI_API_KEY (numbers are imported into Vapi with it).");
  if (e.VAPI_API_KEY && !e.TELNYX_API_KEY) problems.push("VAPI_API_KEY needs TELNYX_API_KEY: the numbers Vapi answers are Telnyx numbers.");
  if (e.STRIPE_SECRET_KEY && !e.STRIPE_PRICE_ID && !e.STRIPE_PAYMENT_LINK)
    problems.push("STRIPE_PRICE_ID (or STRIPE_PAYMENT_LINK) must be set with STRIPE_SECRET_KEY: it is the Pro plan customers check out.");
  if (e.STRIPE_SECRET_KEY && !e.STRIPE_WEBHOOK_SECRET)
    problems.push(
      "STRIPE_WEBHOOK_SECRET must be set with STRIPE_SECRET_KEY: it is the signing secret of your Stripe webhook endpoint (whsec_…).",
    );
  if (!!e.GOOGLE_CLIENT_ID !== !!e.GOOGLE_CLIENT_SECRET)
    problems.push("GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are set together or not at all.");
  if (!!e.MICROSOFT_CLIENT_ID !== !!e.MICROSOFT_CLIENT_SECRET)
    problems.push("MICROSOFT_CLIENT_ID and MICROSOFT_CLIENT_SECRET are set together or not at all.");
  return problems;
}

export function requireSecret(name: SecretName): string {
  const value = env()[name];
  if (!value) throw new EnvError(`${name} is not set. Set it in the environment (see .env.example).`);
  return value;
}
