// Per test file: point the app at the run's database with fixed test secrets (never used outside tests).
import { afterAll, inject } from "vitest";

process.env.DATABASE_URL = inject("databaseUrl");
process.env.DATABASE_POOL_MAX = inject("databaseKind") === "pglite" ? "1" : "10";
process.env.AUTH_SECRET = "test-auth-secret-0123456789abcdef0123456789";
process.env.ENCRYPTION_KEY = Buffer.alloc(32, 7).toString("base64");
process.env.VAPI_WEBHOOK_SECRET = "test-vapi-secret";
process.env.STRIPE_WEBHOOK_SECRET = "whsec_test_secret";
process.env.APP_URL = "http://localhost:3000";
// Every test registers from one address: the per-address registration limit is tested on its own (auth-limits.test.ts).
process.env.REGISTRATION_LIMIT_PER_HOUR = "1000000";
for (const name of [
  "GOOGLE_CLIENT_ID",
  "GOOGLE_CLIENT_SECRET",
  "TELNYX_API_KEY",
  "VAPI_API_KEY",
  "STRIPE_SECRET_KEY",
  "SMTP_URL",
  "TRUST_PROXY",
]) {
  delete process.env[name];
}

afterAll(async () => {
  const { closeDb } = await import("@/db/client");
  await closeDb();
});
