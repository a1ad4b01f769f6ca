import { and, count, desc, eq, gt, isNotNull, isNull, ne, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "@/db/client";
import { members, sessions, users } from "@/db/schema";
import { AppError } from "@/lib/platform/errors";
import { isUuid } from "@/lib/platform/http/params";
import { isLocale, type Locale } from "@/lib/platform/i18n/routing";
import type { PracticeRole } from "@/lib/platform/shared/roles";
import { bearerOrCookie, decodeSessionToken, encodeSessionToken, SESSION_MAX_AGE_SECONDS, sessionCookieName } from "./session-token";

export type SessionConfig = { secret: string; appUrl: string };
/**
 * A signed-in request. `userId` is the practice it acts in, the account every row of the practice's data is scoped
 * to: the person's own account, or one they are a member of. `actorId` is the person signed in, who is recorded as
 * having acted; `role` their standing on the platform (an admin of Recepta, or not), `practiceRole` in the practice.
 * A practitioner member's `practitionerId` is the practitioner they are, whose rows are all they see.
 */
export type AuthContext = {
  userId: string;
  actorId: string;
  sessionId: string;
  role: "admin" | "user";
  practiceRole: PracticeRole;
  practitionerId: string | null;
  locale: Locale;
};

/** A new revocable session row, working in `businessId` when it is a practice the person is a member of; its id goes into the token. */
export async function createSessionRow(db: Pick<Db, "insert">, userId: string, businessId: string | null = null) {
  const expiresAt = new Date(Date.now() + SESSION_MAX_AGE_SECONDS * 1000);
  const [row] = await db
    .insert(sessions)
    .values({ userId, businessId: businessId === userId ? null : businessId, expiresAt })
    .returning({ id: sessions.id });
  return { sessionId: row!.id, expiresAt };
}

/** `db` may be a transaction: a password reset starts the new session in the one that ends the others. */
export async function startSession(
  db: Pick<Db, "insert">,
  cfg: SessionConfig,
  user: { id: string; type: "admin" | "user" },
  businessId: string | null = null,
) {
  const { sessionId, expiresAt } = await createSessionRow(db, user.id, businessId);
  const token = await encodeSessionToken({ sub: user.id, sid: sessionId, role: user.type }, cfg.secret, sessionCookieName(cfg.appUrl));
  return { token, expiresAt };
}

/**
 * The practice a new session of this person works in: their own account when it is set up (or they run the platform),
 * else the practice they joined last, else their own (which then asks to be set up).
 */
export async function defaultPractice(db: Pick<Db, "select">, userId: string): Promise<string | null> {
  const [own] = await db
    .select({ setupCompletedAt: users.setupCompletedAt, type: users.type })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!own || own.setupCompletedAt || own.type === "admin") return null;
  const [joined] = await db
    .select({ businessId: members.businessId })
    .from(members)
    .innerJoin(users, eq(users.id, members.businessId))
    .where(and(eq(members.userId, userId), isNotNull(members.acceptedAt), eq(users.isActive, true)))
    .orderBy(desc(members.acceptedAt))
    .limit(1);
  return joined?.businessId ?? null;
}

const practice = alias(users, "practice");

/**
 * The live session for these claims: not revoked or expired, its person active, and the practice it works in active
 * and, when it is not the person's own, still having them as a member (removing a member ends their sessions there at
 * once). With the person's platform role and language, and their role in the practice.
 */
export async function findLiveSession(db: Db, userId: string, sessionId: string) {
  if (!isUuid(sessionId) || !isUuid(userId)) return null;
  const [row] = await db
    .select({
      type: users.type,
      locale: users.locale,
      businessId: sql<string>`coalesce(${sessions.businessId}, ${sessions.userId})`,
      memberRole: members.role,
      practitionerId: members.practitionerId,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(practice, sql`${practice.id} = coalesce(${sessions.businessId}, ${sessions.userId})`)
    .leftJoin(members, and(eq(members.businessId, sessions.businessId), eq(members.userId, sessions.userId), isNotNull(members.acceptedAt)))
    .where(
      and(
        eq(sessions.id, sessionId),
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, new Date()),
        eq(users.isActive, true),
        eq(practice.isActive, true),
      ),
    )
    .limit(1);
  if (!row) return null;
  const own = row.businessId === userId;
  if (!own && !row.memberRole) return null;
  return {
    type: row.type,
    locale: row.locale,
    businessId: row.businessId,
    practiceRole: own ? ("owner" as const) : row.memberRole!,
    practitionerId: own ? null : row.practitionerId,
  };
}

/** The session behind a token, checked against the database: revoked sessions and deactivated users get null. */
export async function resolveSession(db: Db, cfg: SessionConfig, token: string | null): Promise<AuthContext | null> {
  if (!token) return null;
  const claims = await decodeSessionToken(token, cfg.secret, sessionCookieName(cfg.appUrl));
  if (!claims) return null;
  const row = await findLiveSession(db, claims.sub, claims.sid);
  if (!row) return null;
  // The roles come from the database, not the token: a demoted admin or member loses their rights at once.
  return {
    userId: row.businessId,
    actorId: claims.sub,
    sessionId: claims.sid,
    role: row.type,
    practiceRole: row.practiceRole,
    practitionerId: row.practitionerId,
    locale: isLocale(row.locale) ? row.locale : "en",
  };
}

export async function authenticate(db: Db, cfg: SessionConfig, req: Request): Promise<AuthContext | null> {
  return resolveSession(db, cfg, bearerOrCookie(req.headers, sessionCookieName(cfg.appUrl)));
}

export async function requireUser(db: Db, cfg: SessionConfig, req: Request): Promise<AuthContext> {
  const auth = await authenticate(db, cfg, req);
  if (!auth) throw new AppError("unauthorized", "unauthorized");
  return auth;
}

/**
 * A platform admin, acting as themselves: the admin area's actions are the admin's, whichever practice their session
 * works in, and no role in a practice opens it.
 */
export async function requireAdmin(db: Db, cfg: SessionConfig, req: Request): Promise<AuthContext> {
  const auth = await requireUser(db, cfg, req);
  if (auth.role !== "admin") throw new AppError("forbidden", "forbidden");
  return { ...auth, userId: auth.actorId };
}

export async function endSession(db: Db, sessionId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/**
 * The user's sessions that still open the account (not ended, not expired), newest first: at most `limit` of them, and
 * how many there are in all (every sign-in is one, on each device, until it is signed out or expires).
 */
export async function openSessions(db: Db, userId: string, limit = 10, now = new Date()) {
  const open = and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now));
  const [rows, [total]] = await Promise.all([
    db
      .select({ id: sessions.id, createdAt: sessions.createdAt, expiresAt: sessions.expiresAt })
      .from(sessions)
      .where(open)
      .orderBy(desc(sessions.createdAt), desc(sessions.id))
      .limit(limit),
    db.select({ n: count() }).from(sessions).where(open),
  ]);
  return { sessions: rows, total: total?.n ?? 0 };
}

/** Ends every session of the user, or every one but `keep` (a password change keeps the current device signed in). */
export async function endUserSessions(db: Pick<Db, "update">, userId: string, keep?: string): Promise<void> {
  const scope = keep ? and(eq(sessions.userId, userId), ne(sessions.id, keep)) : eq(sessions.userId, userId);
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(scope, isNull(sessions.revokedAt)));
}

export function sessionCookieHeader(cfg: SessionConfig, token: string, expiresAt: Date): string {
  const secure = cfg.appUrl.startsWith("https://") ? "; Secure" : "";
  return `${sessionCookieName(cfg.appUrl)}=${token}; Path=/; HttpOnly; SameSite=Lax; Expires=${expiresAt.toUTCString()}${secure}`;
}

export function clearSessionCookieHeader(cfg: SessionConfig): string {
  const secure = cfg.appUrl.startsWith("https://") ? "; Secure" : "";
  return `${sessionCookieName(cfg.appUrl)}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0${secure}`;
}
