import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { isUniqueViolation } from "@/db/errors";
import { setupTokens, users } from "@/db/schema";
import { confirmPassword } from "@/lib/accounts/auth/confirm-password";
import { hashPassword, verifyPassword } from "@/lib/accounts/auth/password";
import { registrationKeys, rememberAddress, setupLinkKeys, signInKeys, signInSucceeded, takeAttempt } from "@/lib/accounts/auth/rate-limit";
import { defaultPractice, endUserSessions, type AuthContext, type SessionConfig, startSession } from "@/lib/accounts/auth/session";
import { randomToken, sha256 } from "@/lib/platform/crypto/tokens";
import { AppError } from "@/lib/platform/errors";
import { keyParam } from "@/lib/platform/message-param";
import { type JobQueue } from "@/lib/platform/jobs/queue";
import { businessNumbersOf } from "@/lib/accounts/business/business-country";
import { countryOfBusiness, requirePhone, type CountryCode } from "@/lib/platform/phone/phone";
import { requireDialable, servedCountries } from "@/lib/platform/phone/number-kinds";
import type { ProfileUpdate, RegisterInput } from "./accounts.schemas";
import { endPasswordResetLinks } from "./password-reset";
import { findProfileById, type Profile } from "./profile";
import { defaultWorkingHours, mergeWorkingHours } from "./working-hours";

/** `jobs` sends the email to the owner of an address someone tried to register with. */
export type AccountsDeps = { db: Db; session: SessionConfig; jobs?: JobQueue };
/** Where a registration comes from, and how many attempts one client address gets per hour. */
export type RegistrationSource = { clientIp: string; attemptsPerHour: number };
export type SignedIn = { token: string; user: Profile; expiresAt: Date };

export const SETUP_TOKEN_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export async function register(deps: AccountsDeps, input: RegisterInput, source: RegistrationSource): Promise<SignedIn> {
  // Read in the country of the business being created: its time zone (the column's default when none is sent), else
  // its language. Refused before the password is hashed, and before an attempt is counted: a typo costs nothing.
  const stored = (v: unknown) => (typeof v === "string" ? v : null);
  const business = { timeZone: input.timeZone ?? stored(users.timeZone.default), locale: input.locale ?? stored(users.locale.default) };
  const phone = ownerPhone(requirePhone(input.phone, countryOfBusiness(business)), servedCountries(business), business.locale ?? "en");
  await takeAttempt(deps.db, registrationKeys(source.clientIp, source.attemptsPerHour));
  const passwordHash = await hashPassword(input.password);
  const businessType = input.businessType ?? null;
  let id: string;
  try {
    const [row] = await deps.db
      .insert(users)
      .values({
        email: input.email,
        passwordHash,
        fullName: input.fullName,
        phone,
        businessName: input.businessName ?? null,
        businessType,
        // The specialty only exists for a medical business.
        specialty: businessType === "medical" ? (input.specialty ?? null) : null,
        businessSize: input.businessSize ?? null,
        businessAddress: input.businessAddress ?? null,
        serviceFrequency: input.serviceFrequency ?? null,
        services: input.services ?? [],
        workingHours: mergeWorkingHours(defaultWorkingHours(), input.workingHours ?? {}),
        appointmentDuration: input.appointmentDuration ?? "30",
        aiInstructions: input.aiInstructions ?? null,
        ...(input.timeZone ? { timeZone: input.timeZone } : {}),
        ...(input.locale ? { locale: input.locale } : {}),
        setupCompletedAt: new Date(),
        // Registration asks for the business and its hours: what is left to set up is the calendar and the number.
        setupSteps: ["information", "workingHours"],
      })
      .returning({ id: users.id });
    id = row!.id;
  } catch (e) {
    if (isUniqueViolation(e, "users_email_unique")) await refuseTakenEmail(deps, input.email);
    throw e;
  }
  return signIn(deps, { id, type: "user" });
}

/**
 * The email belongs to an account. The answer is the same whatever the account (set up, or created by a checkout and
 * not set up yet), after the same work (the password was hashed before the insert failed): a stranger learns no more
 * than that this email cannot be registered. Its owner learns the rest from their mailbox: a pending account gets a
 * fresh setup link (the payer owns it, and must not be locked out), a set-up one a note that someone tried to register
 * with it, each at most once an hour.
 */
async function refuseTakenEmail(deps: AccountsDeps, email: string): Promise<never> {
  const [existing] = await deps.db
    .select({ id: users.id, passwordHash: users.passwordHash })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  if (existing && deps.jobs) {
    const hour = new Date().toISOString().slice(0, 13);
    if (existing.passwordHash === null)
      await deps.jobs.send("account-setup", { userId: existing.id, key: `register:${existing.id}:${hour}` });
    else await deps.jobs.send("register-attempt", { userId: existing.id, key: `${existing.id}:${hour}` });
  }
  throw new AppError("conflict", "registrationRefused");
}

export async function login(deps: AccountsDeps, creds: { email: string; password: string }, clientIp: string): Promise<SignedIn> {
  return signIn(deps, await verifyCredentials(deps.db, creds, clientIp));
}

/** Checks the password under the rate limit (lib/accounts/auth/rate-limit.ts); starts no session. */
export async function verifyCredentials(db: Db, creds: { email: string; password: string }, clientIp: string) {
  const keys = await signInKeys(db, creds.email, clientIp);
  // Taken before the password is checked and kept when it is wrong.
  await takeAttempt(db, keys);
  const account = await findCredentialsByEmail(db, creds.email);
  const ok = await verifyPassword(account?.passwordHash ?? null, creds.password);
  if (!account || !ok) throw new AppError("unauthorized", "invalidCredentials");
  await signInSucceeded(db, keys);
  await rememberAddress(db, creds.email, clientIp);
  // Only someone who knows the password learns that the account is deactivated.
  if (!account.isActive) throw new AppError("forbidden", "accountDeactivated");
  return { id: account.id, type: account.type };
}

/** The account an email signs in to, with its password hash: read for the sign-in check only. */
async function findCredentialsByEmail(db: Db, email: string) {
  const [row] = await db
    .select({ id: users.id, type: users.type, isActive: users.isActive, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.email, email.toLowerCase()))
    .limit(1);
  return row ?? null;
}

async function signIn(deps: AccountsDeps, user: { id: string; type: "admin" | "user" }): Promise<SignedIn> {
  const { token, expiresAt } = await startSession(deps.db, deps.session, user, await defaultPractice(deps.db, user.id));
  const profile = await findProfileById(deps.db, user.id);
  return { token, user: profile!, expiresAt };
}

export async function getProfile(db: Db, userId: string): Promise<Profile> {
  const profile = await findProfileById(db, userId);
  if (!profile) throw new AppError("not_found", "userNotFound");
  return profile;
}

/**
 * `source` is where a change of email comes from. A taken email answers 409 here, so each attempt to move the account
 * to another email spends the address's registration budget: an account is no way around that limit to probe emails.
 */
export async function updateProfile(db: Db, userId: string, update: Partial<ProfileUpdate>, source?: RegistrationSource): Promise<Profile> {
  const current = await db
    .select({ businessType: users.businessType, specialty: users.specialty, workingHours: users.workingHours, email: users.email })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  const row = current[0];
  if (!row) throw new AppError("not_found", "userNotFound");
  if (source && update.email !== undefined && update.email.toLowerCase() !== row.email.toLowerCase()) {
    const keys = registrationKeys(source.clientIp, source.attemptsPerHour).map((k) => ({ ...k, messageKey: "tooManyEmailChanges" }));
    await takeAttempt(db, keys);
  }
  const { workingHours, phone, ...fields } = update;
  const set: Partial<typeof users.$inferInsert> = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
  // Stored in E.164, read in the business's country (as this update leaves it).
  if (phone !== undefined) {
    const numbers = await businessNumbersOf(db, userId, { timeZone: update.timeZone, locale: update.locale });
    set.phone = ownerPhone(requirePhone(phone, numbers?.country), numbers?.served ?? [], numbers?.locale ?? "en");
  }
  if (workingHours) set.workingHours = mergeWorkingHours(row.workingHours, workingHours);
  const businessType = update.businessType !== undefined ? update.businessType : row.businessType;
  if (businessType !== "medical") set.specialty = null;
  const emailChanged = update.email !== undefined && update.email.toLowerCase() !== row.email.toLowerCase();
  try {
    await db.transaction(async (tx) => {
      await tx
        .update(users)
        .set({ ...set, updatedAt: new Date() })
        .where(eq(users.id, userId));
      // A reset link sent to the old address must not outlive the change.
      if (emailChanged) await endPasswordResetLinks(tx, userId);
    });
  } catch (e) {
    if (isUniqueViolation(e, "users_email_unique")) throw new AppError("conflict", "emailTaken");
    throw e;
  }
  return getProfile(db, userId);
}

/**
 * The owner's phone is where callers are put through when no one else is listed: a number we dial, in a country the
 * practice serves (lib/platform/phone/number-kinds.ts), or a 400 saying what is wrong with it.
 */
function ownerPhone(e164: string | null, served: CountryCode[], locale: string): string | null {
  return e164 === null ? null : requireDialable(e164, { field: keyParam("Fields.phone"), served, locale });
}

export async function updatePassword(
  { db, jobs }: { db: Db; jobs: JobQueue },
  auth: Pick<AuthContext, "actorId" | "sessionId">,
  input: { oldPassword: string; newPassword: string },
  clientIp: string,
): Promise<void> {
  await confirmPassword(db, { userId: auth.actorId, password: input.oldPassword, clientIp });
  if (input.oldPassword === input.newPassword) throw new AppError("bad_request", "passwordUnchanged");
  const passwordHash = await hashPassword(input.newPassword);
  await jobs.ready();
  await db.transaction(async (tx) => {
    const now = new Date();
    await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, auth.actorId));
    // Every other device is signed out; the one that changed the password carries on. Reset links sent before end too.
    await endUserSessions(tx, auth.actorId, auth.sessionId);
    await endPasswordResetLinks(tx, auth.actorId);
    // Told at the account's address: a session left open somewhere is enough to change it.
    await jobs.send("password-changed", { userId: auth.actorId, at: now.toISOString(), how: "change" }, { tx });
  });
}

/** Creates a single-use setup link token for an account (billing creates pending accounts and emails it). */
export async function issueSetupToken(db: Db, userId: string, ttlMs = SETUP_TOKEN_TTL_MS): Promise<string> {
  const token = randomToken();
  await db.insert(setupTokens).values({ userId, tokenHash: sha256(token), expiresAt: new Date(Date.now() + ttlMs) });
  return token;
}

export type SetupLink =
  | { state: "live"; email: string; name: string }
  /** It set the account's password: its owner signs in to finish the setup. */
  | { state: "used"; userId: string }
  | { state: "dead" };

/**
 * What a setup link is now: live (its account's email and name), used to set the password, or dead (unknown, expired,
 * or its account's password was set otherwise). Every look-up counts toward the address's limit first.
 */
export async function openSetupLink(db: Db, token: string, clientIp: string, now = new Date()): Promise<SetupLink> {
  await takeAttempt(db, setupLinkKeys(clientIp));
  const [row] = await db
    .select({
      email: users.email,
      name: users.fullName,
      userId: users.id,
      usedAt: setupTokens.usedAt,
      expiresAt: setupTokens.expiresAt,
      hasPassword: sql<boolean>`${users.passwordHash} is not null`,
    })
    .from(setupTokens)
    .innerJoin(users, eq(users.id, setupTokens.userId))
    .where(eq(setupTokens.tokenHash, sha256(token)))
    .limit(1);
  if (!row) return { state: "dead" };
  if (row.usedAt) return row.hasPassword ? { state: "used", userId: row.userId } : { state: "dead" };
  return row.expiresAt > now ? { state: "live", email: row.email, name: row.name } : { state: "dead" };
}

/** The account a live setup link belongs to; every look-up counts toward the address's limit first. */
export async function validateSetupToken(db: Db, token: string, clientIp: string): Promise<{ email: string; name: string }> {
  const link = await openSetupLink(db, token, clientIp);
  if (link.state !== "live") throw new AppError("not_found", "invalidSetupToken");
  return { email: link.email, name: link.name };
}

export async function completeSetup(db: Db, input: { token: string; name: string; password: string }, clientIp: string): Promise<void> {
  // Every submission counts, and a link that is not live is refused before the slow hash: guessing links costs the
  // server one indexed read each.
  await takeAttempt(db, setupLinkKeys(clientIp));
  const [live] = await db
    .select({ id: setupTokens.id })
    .from(setupTokens)
    .where(and(eq(setupTokens.tokenHash, sha256(input.token)), isNull(setupTokens.usedAt), gt(setupTokens.expiresAt, new Date())))
    .limit(1);
  if (!live) throw new AppError("not_found", "invalidSetupToken");
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    // Claiming the token and using it is one statement: two submissions of one link cannot both pass.
    const [claimed] = await tx
      .update(setupTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(setupTokens.tokenHash, sha256(input.token)), isNull(setupTokens.usedAt), gt(setupTokens.expiresAt, new Date())))
      .returning({ userId: setupTokens.userId });
    if (!claimed) throw new AppError("not_found", "invalidSetupToken");
    await tx
      .update(users)
      .set({ passwordHash, ...(input.name ? { fullName: input.name } : {}), setupCompletedAt: new Date(), updatedAt: new Date() })
      .where(eq(users.id, claimed.userId));
    await endUserSessions(tx, claimed.userId);
  });
}
