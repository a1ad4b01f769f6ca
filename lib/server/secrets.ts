// On the embedded default a missing secret is generated once and kept in DATA_DIR/secrets.json (mode 0600), so the quick
// start needs no env file. With DATABASE_URL set, secrets must come from the environment.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { type Env, missingSecrets, REQUIRED_SECRETS, type SecretName } from "@/lib/env";

const GENERATORS: Record<SecretName, () => string> = {
  AUTH_SECRET: () => randomBytes(32).toString("base64url"),
  ENCRYPTION_KEY: () => randomBytes(32).toString("base64"),
  VAPI_WEBHOOK_SECRET: () => randomBytes(24).toString("base64url"),
  // Stripe's format, so the sandbox signs with the same code path as the real one.
  STRIPE_WEBHOOK_SECRET: () => `whsec_${randomBytes(24).toString("base64url")}`,
};

export function resolveSecrets(e: Env): Partial<Record<SecretName, string>> {
  if (e.DATABASE_URL) {
    const missing = missingSecrets(e);
    if (missing.length) {
      throw new Error(
        `${missing.join(", ")} must be set when DATABASE_URL is set (generate one with: openssl rand -base64 32).`,
      );
    }
    return {};
  }
  const file = path.resolve(e.DATA_DIR, "secrets.json");
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const stored: Partial<Record<SecretName, string>> = fs.existsSync(file)
    ? JSON.parse(fs.readFileSync(file, "utf8"))
    : {};
  let changed = false;
  for (const name of REQUIRED_SECRETS) {
    if (!e[name] && !stored[name]) {
      stored[name] = GENERATORS[name]();
      changed = true;
    }
  }
  if (changed) fs.writeFileSync(file, JSON.stringify(stored, null, 2), { mode: 0o600 });
  const resolved: Partial<Record<SecretName, string>> = {};
  for (const name of REQUIRED_SECRETS) if (!e[name]) resolved[name] = stored[name];
  return resolved;
}
