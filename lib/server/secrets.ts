// On the embedded default a missing secret is generated once and kept in DATA_DIR/secrets.json (mode 0600), so the quick
// start needs no env file. With DATABASE_URL set, secrets must come from the environment.
//
// secrets.json is also the embedded keyring: ENCRYPTION_KEY (current) and, while `npm run keys:rotate` runs or after it
// stopped half way, ENCRYPTION_KEYS_OLD (the previous keys, same syntax as the environment variable).
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { createSecretBox, keyIdOf, parseKey, parseKeyList, type SecretBox } from "@/lib/platform/crypto/secret-box";
import { type Env, missingSecrets, providerConfigProblems, REQUIRED_SECRETS, type SecretName } from "@/lib/platform/env";

const GENERATORS: Record<SecretName, () => string> = {
  AUTH_SECRET: () => randomBytes(32).toString("base64url"),
  ENCRYPTION_KEY: () => randomBytes(32).toString("base64"),
  VAPI_WEBHOOK_SECRET: () => randomBytes(24).toString("base64url"),
  // Stripe's format, so the sandbox signs with the same code path as the real one.
  STRIPE_WEBHOOK_SECRET: () => `whsec_${randomBytes(24).toString("base64url")}`,
};

type StoredName = SecretName | "ENCRYPTION_KEYS_OLD";
type Stored = Partial<Record<StoredName, string>>;

export function secretsFile(dataDir: string): string {
  return path.resolve(dataDir, "secrets.json");
}

export function resolveSecrets(e: Env): Stored {
  if (e.DATABASE_URL) {
    const missing = missingSecrets(e);
    if (missing.length) {
      throw new Error(`${missing.join(", ")} must be set when DATABASE_URL is set (generate one with: openssl rand -base64 32).`);
    }
    return {};
  }
  const file = secretsFile(e.DATA_DIR);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const stored = readStored(file);
  let changed = false;
  for (const name of REQUIRED_SECRETS) {
    if (!e[name] && !stored[name]) {
      stored[name] = GENERATORS[name]();
      changed = true;
    }
  }
  if (changed) writeStored(file, stored);
  const resolved: Stored = {};
  for (const name of REQUIRED_SECRETS) if (!e[name]) resolved[name] = stored[name];
  if (!e.ENCRYPTION_KEYS_OLD && stored.ENCRYPTION_KEYS_OLD) resolved.ENCRYPTION_KEYS_OLD = stored.ENCRYPTION_KEYS_OLD;
  return resolved;
}

/**
 * Refuses a configuration that cannot serve (incomplete provider settings, a missing secret with DATABASE_URL, a
 * malformed ENCRYPTION_KEY or ENCRYPTION_KEYS_OLD) before anything touches the database, so a bad deploy stops at start,
 * not on the first request that needs the value. Returns the secrets generated for the embedded default (none with
 * DATABASE_URL: they come from the environment).
 */
export function checkedSecrets(base: Env): Stored {
  const problems = providerConfigProblems(base);
  if (problems.length) throw new Error(problems.join("\n"));
  const secrets = resolveSecrets(base); // throws naming any missing variable when DATABASE_URL is set
  secretBoxFor({ ...base, ...secrets });
  return secrets;
}

/** The keyring the app seals and opens with: ENCRYPTION_KEY, plus ENCRYPTION_KEYS_OLD during a rotation. */
export function secretBoxFor(e: Pick<Env, "ENCRYPTION_KEY" | "ENCRYPTION_KEYS_OLD">): SecretBox {
  if (!e.ENCRYPTION_KEY) throw new Error("ENCRYPTION_KEY is not set. Set it in the environment (see .env.example).");
  return createSecretBox(e.ENCRYPTION_KEY, parseKeyList(e.ENCRYPTION_KEYS_OLD));
}

/**
 * First step of a rotation of the embedded keyring: a fresh key becomes current and the previous ones move to
 * ENCRYPTION_KEYS_OLD, so everything sealed so far still opens. A rotation that stopped half way (old keys still listed)
 * is resumed rather than stacked under yet another key. Returns the keyring to re-seal with, and key ids to print.
 */
export function beginKeyRotation(
  dataDir: string,
  extraOld: string[] = [],
): { box: SecretBox; current: string; old: string[]; resumed: boolean } {
  const file = secretsFile(dataDir);
  const stored = readStored(file);
  if (!stored.ENCRYPTION_KEY) throw new Error(`${file} holds no ENCRYPTION_KEY to rotate.`);
  let old = parseKeyList(stored.ENCRYPTION_KEYS_OLD);
  const resumed = old.length > 0;
  if (!resumed) {
    old = [stored.ENCRYPTION_KEY];
    stored.ENCRYPTION_KEY = GENERATORS.ENCRYPTION_KEY();
    stored.ENCRYPTION_KEYS_OLD = old.join(",");
    writeStored(file, stored); // before any row is re-sealed: a crash from here on loses no key
  }
  return {
    box: createSecretBox(stored.ENCRYPTION_KEY, [...old, ...extraOld]),
    current: keyIdOf(parseKey(stored.ENCRYPTION_KEY)),
    old: old.map((k) => keyIdOf(parseKey(k))),
    resumed,
  };
}

/** Last step, once no stored secret names an old key: forget the old keys. Returns the retired ids. */
export function retireOldKeys(dataDir: string): string[] {
  const file = secretsFile(dataDir);
  const stored = readStored(file);
  const old = parseKeyList(stored.ENCRYPTION_KEYS_OLD);
  if (!old.length) return [];
  delete stored.ENCRYPTION_KEYS_OLD;
  writeStored(file, stored);
  return old.map((k) => keyIdOf(parseKey(k)));
}

function readStored(file: string): Stored {
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, "utf8")) as Stored) : {};
}

/** Written beside and renamed over: a crash mid-write never leaves a truncated keyring. */
function writeStored(file: string, stored: Stored): void {
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, JSON.stringify(stored, null, 2), { mode: 0o600 });
  fs.renameSync(tmp, file);
}
