// Fixed-window counters in the database (every instance sees them). A key at its limit refuses with 429 and
// Retry-After until its window ends.
//
// Sign-in (and every password re-check, which counts as a sign-in attempt) keeps three keys per 15 minutes:
//  - the email from one client address: 5 failures. This is the lock an attacker meets.
//  - the email from anywhere: 50 failures. It slows an attack spread over many addresses. It does not apply from an
//    address this email signed in from within 30 days, so no attacker, however many addresses they have, locks the
//    owner out of a device they use; and one attacker's address stops counting at 5.
//  - the client address across all emails: 30 failures.
// A password re-check (signed in already) adds a fourth: the account itself, 5 failures, which changing the account's
// email does not reset.
import { and, eq, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "@/db/client";
import { loginAttempts } from "@/db/schema";
import { AppError } from "@/lib/platform/errors";

export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const LOGIN_LIMITS = { emailFromAddress: 5, email: 50, ip: 30 } as const;

/** `windowMs` defaults to the sign-in window; `messageKey` (Api namespace) is the refusal's text. */
export type LimitKey = { key: string; max: number; windowMs?: number; messageKey?: string };

const emailKey = (email: string) => `login:email:${email.toLowerCase()}`;
// The email as a JSON string: its closing quote ends it, so no other typed email's keys share this prefix.
const emailFromAddressPrefix = (email: string) => `login:email-ip:${JSON.stringify(email.toLowerCase())} `;

const knownAddressPrefix = (email: string) => `login:known:${JSON.stringify(email.toLowerCase())} `;
const accountKey = (userId: string) => `password:user:${userId}`;

/** How long an address the owner signed in from stays theirs for the per-email ceiling. */
export const KNOWN_ADDRESS_MS = 30 * 24 * 60 * 60 * 1000;

/** The sign-in keys, the (email, address) pair first: it is the one cleared by a successful sign-in. */
export function loginKeys(email: string, clientIp: string): LimitKey[] {
  return [
    { key: `${emailFromAddressPrefix(email)}${clientIp}`, max: LOGIN_LIMITS.emailFromAddress },
    { key: emailKey(email), max: LOGIN_LIMITS.email },
    { key: `login:ip:${clientIp}`, max: LOGIN_LIMITS.ip },
  ];
}

/** The keys of this sign-in attempt: `loginKeys`, without the per-email ceiling from an address the owner uses. */
export async function signInKeys(db: Db, email: string, clientIp: string, now = new Date()): Promise<LimitKey[]> {
  const keys = loginKeys(email, clientIp);
  return (await isKnownAddress(db, email, clientIp, now)) ? keys.filter((k) => k.key !== emailKey(email)) : keys;
}

/** Whether this email signed in (or reset its password) from this address within 30 days. */
async function isKnownAddress(db: Db, email: string, clientIp: string, now: Date): Promise<boolean> {
  const [known] = await db
    .select({ windowStart: loginAttempts.windowStart })
    .from(loginAttempts)
    .where(eq(loginAttempts.key, `${knownAddressPrefix(email)}${clientIp}`));
  return !!known && now.getTime() - known.windowStart.getTime() < KNOWN_ADDRESS_MS;
}

/** The keys of a password re-check by a signed-in account: its sign-in keys, and the account's own. */
export async function passwordCheckKeys(
  db: Db,
  user: { id: string; email: string },
  clientIp: string,
  now = new Date(),
): Promise<LimitKey[]> {
  return [...(await signInKeys(db, user.email, clientIp, now)), { key: accountKey(user.id), max: LOGIN_LIMITS.emailFromAddress }];
}

/** The right password from this address: it is the owner's for the next 30 days (see signInKeys). */
export async function rememberAddress(db: Db, email: string, clientIp: string, now = new Date()): Promise<void> {
  const key = `${knownAddressPrefix(email)}${clientIp}`;
  await db
    .insert(loginAttempts)
    .values({ key, windowStart: now, failures: 0 })
    .onConflictDoUpdate({ target: loginAttempts.key, set: { windowStart: sql`${now.toISOString()}::timestamptz`, failures: 0 } });
}

/**
 * Deletes counters nothing reads any more: windows over for a day (the longest is an hour), and addresses the owner has
 * not signed in from for 30 days. They name emails and addresses: kept no longer than they protect anyone.
 */
export async function purgeStaleCounters(db: Db, now = new Date()): Promise<number> {
  const dayAgo = new Date(now.getTime() - 24 * 60 * 60 * 1000).toISOString();
  const knownBefore = new Date(now.getTime() - KNOWN_ADDRESS_MS).toISOString();
  const known = "login:known:";
  const gone = await db
    .delete(loginAttempts)
    .where(
      or(
        and(sql`left(${loginAttempts.key}, ${known.length}) <> ${known}`, sql`${loginAttempts.windowStart} < ${dayAgo}::timestamptz`),
        and(sql`left(${loginAttempts.key}, ${known.length}) = ${known}`, sql`${loginAttempts.windowStart} < ${knownBefore}::timestamptz`),
      ),
    )
    .returning({ key: loginAttempts.key });
  return gone.length;
}

/** Every sign-in counter that names this account (they are personal data: exported and erased with the account). */
export function signInCountersOf(email: string, userId?: string): SQL {
  const prefixes = [emailFromAddressPrefix(email), knownAddressPrefix(email), resetEmailFromAddressPrefix(email)];
  return or(
    eq(loginAttempts.key, emailKey(email)),
    eq(loginAttempts.key, resetEmailKey(email)),
    ...(userId ? [eq(loginAttempts.key, accountKey(userId))] : []),
    ...prefixes.map((prefix) => sql`left(${loginAttempts.key}, ${prefix.length}) = ${prefix}`),
  )!;
}

export async function assertNotLimited(db: Db, keys: LimitKey[], now = new Date()): Promise<void> {
  for (const k of keys) {
    const [row] = await db
      .select({ windowStart: loginAttempts.windowStart, failures: loginAttempts.failures })
      .from(loginAttempts)
      .where(eq(loginAttempts.key, k.key));
    if (row && row.failures >= k.max && retryMs(k, row.windowStart, now) > 0) throw limited(k, row.windowStart, now);
  }
}

const retryMs = ({ windowMs = LOGIN_WINDOW_MS }: LimitKey, windowStart: Date, now: Date) =>
  windowStart.getTime() + windowMs - now.getTime();

function limited(k: LimitKey, windowStart: Date, now: Date): AppError {
  const seconds = Math.max(1, Math.ceil(retryMs(k, windowStart, now) / 1000));
  return new AppError(
    "rate_limited",
    k.messageKey ?? "tooManyAttempts",
    { minutes: Math.ceil(seconds / 60) },
    { "retry-after": String(seconds) },
  );
}

/** Counts one attempt against a key in one statement (so concurrent attempts are all counted) and returns the count. */
async function count(db: Db, { key, windowMs = LOGIN_WINDOW_MS }: LimitKey, now: Date): Promise<{ failures: number; windowStart: Date }> {
  // Raw Dates in a sql`` fragment are not serialized by the driver: pass ISO instants with an explicit cast.
  const floor = sql`${new Date(now.getTime() - windowMs).toISOString()}::timestamptz`;
  const at = sql`${now.toISOString()}::timestamptz`;
  const [row] = await db
    .insert(loginAttempts)
    .values({ key, windowStart: now, failures: 1 })
    .onConflictDoUpdate({
      target: loginAttempts.key,
      set: {
        failures: sql`case when ${loginAttempts.windowStart} <= ${floor} then 1 else ${loginAttempts.failures} + 1 end`,
        windowStart: sql`case when ${loginAttempts.windowStart} <= ${floor} then ${at} else ${loginAttempts.windowStart} end`,
      },
    })
    .returning({ failures: loginAttempts.failures, windowStart: loginAttempts.windowStart });
  return row!;
}

/** Counts one failed attempt against each key. */
export async function recordFailure(db: Db, keys: LimitKey[], now = new Date()): Promise<void> {
  for (const k of keys) await count(db, k, now);
}

/**
 * Takes one attempt before the work it guards (checking a password, creating an account): counted first, so parallel
 * requests cannot all pass a check made before any of them is counted. An attempt over a limit is given back and
 * refused (429), so refused attempts never count: an address locked out of one email stops adding to that email's
 * ceiling. Whoever takes an attempt that turns out not to be a failure gives it back (`releaseAttempt`).
 */
export async function takeAttempt(db: Db, keys: LimitKey[], now = new Date()): Promise<void> {
  await assertNotLimited(db, keys, now);
  const taken: LimitKey[] = [];
  for (const k of keys) {
    const row = await count(db, k, now);
    taken.push(k);
    if (row.failures > k.max) {
      await releaseAttempt(db, taken);
      throw limited(k, row.windowStart, now);
    }
  }
}

export async function releaseAttempt(db: Db, keys: LimitKey[]): Promise<void> {
  for (const { key } of keys) {
    await db
      .update(loginAttempts)
      .set({ failures: sql`greatest(${loginAttempts.failures} - 1, 0)` })
      .where(eq(loginAttempts.key, key));
  }
}

export async function clearFailures(db: Db, key: string): Promise<void> {
  await db.delete(loginAttempts).where(eq(loginAttempts.key, key));
}

/** The right password, after `takeAttempt(loginKeys(…))`: this email from this address starts afresh; the wider counters only give back this attempt. */
export async function signInSucceeded(db: Db, keys: LimitKey[]): Promise<void> {
  const [pair, ...rest] = keys;
  await clearFailures(db, pair!.key);
  await releaseAttempt(db, rest);
}

/**
 * Registration attempts per client address per hour, every attempt counted (a new account and a refused email alike):
 * it bounds how fast anyone can probe which emails have an account, and how many accounts one address creates.
 */
export const REGISTRATION_WINDOW_MS = 60 * 60 * 1000;

export function registrationKeys(clientIp: string, perHour: number): LimitKey[] {
  return [{ key: `register:ip:${clientIp}`, max: perHour, windowMs: REGISTRATION_WINDOW_MS, messageKey: "tooManyRegistrations" }];
}

/**
 * Password reset requests per hour, every request counted whether the email has an account or not (so a refusal says
 * nothing about the email). Each one may send its owner an email, so:
 *  - the email from one client address: 3. An owner who lost the first email asks once or twice more, not ten times.
 *  - the email from anywhere: 10. It bounds how many emails a client with many addresses can send one inbox. It does not
 *    apply from an address this email signed in from within 30 days, so a stranger asking for the owner's link from
 *    elsewhere never uses up the requests the owner makes from their own device.
 *  - the client address across all emails: 10, which bounds how many inboxes one client can fill.
 */
export const RESET_WINDOW_MS = 60 * 60 * 1000;
export const RESET_LIMITS = { emailFromAddress: 3, email: 10, ip: 10 } as const;

const resetEmailKey = (email: string) => `reset:email:${email.toLowerCase()}`;
const resetEmailFromAddressPrefix = (email: string) => `reset:email-ip:${JSON.stringify(email.toLowerCase())} `;

export async function passwordResetKeys(db: Db, email: string, clientIp: string, now = new Date()): Promise<LimitKey[]> {
  const limit = { windowMs: RESET_WINDOW_MS, messageKey: "tooManyResetRequests" };
  const keys = [
    { key: `${resetEmailFromAddressPrefix(email)}${clientIp}`, max: RESET_LIMITS.emailFromAddress, ...limit },
    { key: resetEmailKey(email), max: RESET_LIMITS.email, ...limit },
    { key: `reset:ip:${clientIp}`, max: RESET_LIMITS.ip, ...limit },
  ];
  return (await isKnownAddress(db, email, clientIp, now)) ? keys.filter((k) => k.key !== resetEmailKey(email)) : keys;
}

/**
 * Look-ups and uses of an account setup link (the page, GET /api/auth/validate-setup-token/{token}, the setup's
 * submission), per client address and hour, whatever their outcome, as for reset links: an owner opens theirs a few
 * times; a client trying link after link is stopped long before it could find one.
 */
export function setupLinkKeys(clientIp: string): LimitKey[] {
  return [{ key: `setup:ip:${clientIp}`, max: 30, windowMs: RESET_WINDOW_MS, messageKey: "tooManySetupAttempts" }];
}

/**
 * Look-ups and uses of a team invitation's link (GET /api/members/invitations/{token}, POST /api/members/accept), per
 * client address and hour, whatever their outcome: an invitee opens theirs a few times; a client trying link after link
 * is stopped long before it could find one.
 */
export function invitationLinkKeys(clientIp: string): LimitKey[] {
  return [{ key: `invitation:ip:${clientIp}`, max: 30, windowMs: RESET_WINDOW_MS, messageKey: "tooManyInvitationAttempts" }];
}

/**
 * Submissions of a new password with a link, per client address and hour, whatever their outcome: an owner needs one or
 * two; a client trying link after link is stopped long before it could find one.
 */
export function passwordResetSubmitKeys(clientIp: string): LimitKey[] {
  return [{ key: `reset:submit:ip:${clientIp}`, max: 20, windowMs: RESET_WINDOW_MS, messageKey: "tooManyResetRequests" }];
}

/**
 * A password reset proves the mailbox, which is as good as the password: the sign-in failures that could keep the owner
 * out start afresh (the email's own ceiling, this address's lock on it, the account's re-check lock), and this address
 * is theirs as after a sign-in. An attacker's lock on the email from their own address is left as it is.
 */
export async function passwordResetSucceeded(db: Db, user: { id: string; email: string }, clientIp: string): Promise<void> {
  for (const key of [emailKey(user.email), `${emailFromAddressPrefix(user.email)}${clientIp}`, accountKey(user.id)])
    await clearFailures(db, key);
  await rememberAddress(db, user.email, clientIp);
}
