// A request from the owner's other tools, authenticated by its API key: the key's row read on every request (revoking
// deletes it, so the next request is refused; nothing keeps keys between requests), its requests counted per minute,
// and the route's scope checked against the key's.
import { and, eq, isNull, lte, or, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { apiKeys, users } from "@/db/schema";
import type { ApiScope } from "@/db/schema/integrations";
import { takeAttempt } from "@/lib/accounts/auth/rate-limit";
import { sha256 } from "@/lib/platform/crypto/tokens";
import { AppError } from "@/lib/platform/errors";
import { isLocale, type Locale } from "@/lib/platform/i18n/routing";
import { API_KEY_PATTERN } from "./api-key-token";

/** The key holder as a handler sees it: the practice the key belongs to, and which key it was. */
export type ApiKeyAuth = { via: "apiKey"; userId: string; keyId: string; scopes: ApiScope[]; locale: Locale };

/** Requests one key may make per minute: a sync every second, with room for bursts; a runaway loop is stopped. */
export const API_KEY_REQUESTS_PER_MINUTE = 120;
const MINUTE_MS = 60_000;

export type ApiKeyCheck = { perMinute?: number; now?: Date };

/**
 * The holder of `key` when it may call a route of `scope`: 401 for a key that names no live key (malformed, unknown,
 * revoked, or its account closed), 429 past the per-minute limit (with Retry-After), 403 naming the scope a key lacks.
 */
export async function authenticateApiKey(
  db: Db,
  key: string,
  scope: ApiScope,
  { perMinute = API_KEY_REQUESTS_PER_MINUTE, now = new Date() }: ApiKeyCheck = {},
): Promise<ApiKeyAuth> {
  if (!API_KEY_PATTERN.test(key)) throw new AppError("unauthorized", "apiKeyInvalid");
  const [row] = await db
    .select({ id: apiKeys.id, userId: apiKeys.userId, scopes: apiKeys.scopes, lastUsedAt: apiKeys.lastUsedAt, locale: users.locale })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(and(eq(apiKeys.keyHash, sha256(key)), eq(users.isActive, true)))
    .limit(1);
  if (!row) throw new AppError("unauthorized", "apiKeyInvalid");
  // The sign-in limiter's fixed-window counters (in the database, so every instance counts), one per key.
  await takeAttempt(db, [{ key: `api-key:${row.id}`, max: perMinute, windowMs: MINUTE_MS, messageKey: "apiKeyRateLimited" }], now);
  const scopes = row.scopes as ApiScope[];
  if (!scopes.includes(scope)) throw new AppError("forbidden", "apiKeyScopeMissing", { scope });
  await markUsed(db, row.id, row.lastUsedAt, now);
  return { via: "apiKey", userId: row.userId, keyId: row.id, scopes, locale: isLocale(row.locale) ? row.locale : "en" };
}

/**
 * Notes when the key was last used, at most once a minute: a key polled every second costs one write a minute, and the
 * condition keeps parallel requests from writing it twice.
 */
async function markUsed(db: Db, id: string, lastUsedAt: Date | null, now: Date): Promise<void> {
  const staleBefore = new Date(now.getTime() - MINUTE_MS);
  if (lastUsedAt && lastUsedAt > staleBefore) return;
  await db
    .update(apiKeys)
    .set({ lastUsedAt: now })
    .where(
      and(eq(apiKeys.id, id), or(isNull(apiKeys.lastUsedAt), lte(apiKeys.lastUsedAt, sql`${staleBefore.toISOString()}::timestamptz`))),
    );
}
