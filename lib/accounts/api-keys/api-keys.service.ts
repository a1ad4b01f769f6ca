// The owner's API keys: made (the key shown once), listed (never the key), revoked (deleted: the next request with it is
// refused, nothing keeps keys between requests). Only a key's SHA-256 is stored; its first characters tell keys apart.
// Making and revoking one are written to the audit log: a key opens the practice's health data to another tool, so who
// made or removed which is worth keeping (ids and scopes only, never the key or its name). Making one also emails the
// owner (its name, scopes and where to revoke it, never the key): a session left open elsewhere is enough to make one.
import { and, asc, count, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { apiKeys, users } from "@/db/schema";
import type { ApiScope } from "@/db/schema/integrations";
import { randomToken, sha256 } from "@/lib/platform/crypto/tokens";
import { AppError } from "@/lib/platform/errors";
import { type JobQueue } from "@/lib/platform/jobs/queue";
import type { Actor } from "@/lib/accounts/audit/actor";
import { audit } from "@/lib/accounts/audit/audit";
import { confirmIdentity, type IdentityCheck } from "@/lib/accounts/auth/confirm-identity";
import { API_KEY_PREFIX } from "./api-key-token";
import { MAX_API_KEYS, type CreateApiKeyInput } from "./api-keys.schemas";

export type ApiKeyView = {
  id: string;
  name: string;
  prefix: string;
  scopes: ApiScope[];
  createdAt: string;
  lastUsedAt: string | null;
};

/** "rk_" and six characters: enough to tell a practice's keys apart, far too few to guess the rest by. */
const PREFIX_LENGTH = API_KEY_PREFIX.length + 6;

const columns = {
  id: apiKeys.id,
  name: apiKeys.name,
  prefix: apiKeys.prefix,
  scopes: apiKeys.scopes,
  createdAt: apiKeys.createdAt,
  lastUsedAt: apiKeys.lastUsedAt,
};

function toView(r: { id: string; name: string; prefix: string; scopes: string[]; createdAt: Date; lastUsedAt: Date | null }): ApiKeyView {
  return { ...r, scopes: r.scopes as ApiScope[], createdAt: r.createdAt.toISOString(), lastUsedAt: r.lastUsedAt?.toISOString() ?? null };
}

/** A new key: "rk_" and the base64url of 32 random bytes. */
export function newApiKey(): string {
  return `${API_KEY_PREFIX}${randomToken(32)}`;
}

export async function listApiKeys(db: Db, userId: string): Promise<{ apiKeys: ApiKeyView[] }> {
  const rows = await db.select(columns).from(apiKeys).where(eq(apiKeys.userId, userId)).orderBy(asc(apiKeys.createdAt), asc(apiKeys.id));
  return { apiKeys: rows.map(toView) };
}

/**
 * Makes a key; the answer is the only place the key itself ever appears. At most MAX_API_KEYS per practice (409). A key
 * keeps working after a password change, so a session alone is not enough to make one: the password, or a fresh sign-in.
 */
export async function createApiKey(
  { db, jobs }: { db: Db; jobs: JobQueue },
  proof: Omit<IdentityCheck, "password" | "messageKey">,
  input: CreateApiKeyInput,
  by: Actor = { kind: "owner", userId: proof.userId },
): Promise<ApiKeyView & { key: string }> {
  const { userId } = proof;
  await confirmIdentity(db, { ...proof, password: input.password, messageKey: "integrationNeedsConfirmation" });
  const key = newApiKey();
  await jobs.ready(); // before the transaction the email's job is sent in
  const row = await db.transaction(async (tx) => {
    // The account's row locked: two keys made at once cannot both be the twenty-first.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("no key update");
    const [held] = await tx.select({ n: count() }).from(apiKeys).where(eq(apiKeys.userId, userId));
    if ((held?.n ?? 0) >= MAX_API_KEYS) throw new AppError("conflict", "apiKeyLimit", { max: MAX_API_KEYS });
    const [made] = await tx
      .insert(apiKeys)
      .values({ userId, name: input.name, prefix: key.slice(0, PREFIX_LENGTH), keyHash: sha256(key), scopes: input.scopes })
      .returning(columns);
    await audit(tx, {
      businessId: userId,
      actor: by,
      action: "api_key.create",
      targetType: "api_key",
      targetId: made!.id,
      details: { scopes: input.scopes },
    });
    // Queued by the same transaction: the owner hears of every key that exists, and of none that does not.
    const notice = {
      userId,
      kind: "apiKey" as const,
      id: made!.id,
      at: made!.createdAt.toISOString(),
      name: made!.name,
      grants: made!.scopes,
    };
    await jobs.send("access-made", notice, { tx });
    return made!;
  });
  return { ...toView(row), key };
}

/** Deletes the key: it stops working on the next request. Another practice's key, or none, is a 404. */
export async function revokeApiKey(db: Db, userId: string, id: string, by: Actor = { kind: "owner", userId }): Promise<void> {
  await db.transaction(async (tx) => {
    const [gone] = await tx
      .delete(apiKeys)
      .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId)))
      .returning({ id: apiKeys.id, scopes: apiKeys.scopes });
    if (!gone) throw new AppError("not_found", "apiKeyNotFound");
    await audit(tx, {
      businessId: userId,
      actor: by,
      action: "api_key.revoke",
      targetType: "api_key",
      targetId: gone.id,
      details: { scopes: gone.scopes },
    });
  });
}
