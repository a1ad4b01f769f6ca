// Failed sign-ins counted per email and per client address in fixed windows, in the database (every instance sees them).
// 5 failures for one email or 30 from one address within 15 minutes lock that key until the window ends.
import { eq, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { loginAttempts } from "@/db/schema";
import { AppError } from "@/lib/errors";

export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const LOGIN_LIMITS = { email: 5, ip: 30 } as const;

export type LimitKey = { key: string; max: number };

export function loginKeys(email: string, clientIp: string): LimitKey[] {
  return [
    { key: `login:email:${email.toLowerCase()}`, max: LOGIN_LIMITS.email },
    { key: `login:ip:${clientIp}`, max: LOGIN_LIMITS.ip },
  ];
}

export async function assertNotLimited(db: Db, keys: LimitKey[], now = new Date()): Promise<void> {
  for (const { key, max } of keys) {
    const [row] = await db
      .select({ windowStart: loginAttempts.windowStart, failures: loginAttempts.failures })
      .from(loginAttempts)
      .where(eq(loginAttempts.key, key));
    if (!row || row.failures < max) continue;
    const retryMs = row.windowStart.getTime() + LOGIN_WINDOW_MS - now.getTime();
    if (retryMs <= 0) continue;
    const seconds = Math.ceil(retryMs / 1000);
    throw new AppError("rate_limited", "tooManyAttempts", { minutes: Math.ceil(seconds / 60) }, { "retry-after": String(seconds) });
  }
}

export async function recordFailure(db: Db, keys: LimitKey[], now = new Date()): Promise<void> {
  // Raw Dates in a sql`` fragment are not serialized by the driver: pass ISO instants with an explicit cast.
  const floor = sql`${new Date(now.getTime() - LOGIN_WINDOW_MS).toISOString()}::timestamptz`;
  const at = sql`${now.toISOString()}::timestamptz`;
  for (const { key } of keys) {
    // One statement, so concurrent failures are all counted.
    await db
      .insert(loginAttempts)
      .values({ key, windowStart: now, failures: 1 })
      .onConflictDoUpdate({
        target: loginAttempts.key,
        set: {
          failures: sql`case when ${loginAttempts.windowStart} <= ${floor} then 1 else ${loginAttempts.failures} + 1 end`,
          windowStart: sql`case when ${loginAttempts.windowStart} <= ${floor} then ${at} else ${loginAttempts.windowStart} end`,
        },
      });
  }
}

export async function clearFailures(db: Db, key: string): Promise<void> {
  await db.delete(loginAttempts).where(eq(loginAttempts.key, key));
}
