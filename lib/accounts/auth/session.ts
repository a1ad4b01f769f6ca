import { and, count, desc, eq, gt, isNull, ne } from "drizzle-orm";
import type { Db } from "@/db/client";
import { sessions, users } from "@/db/schema";
import { AppError } from "@/lib/platform/errors";
import { isUuid } from "@/lib/platform/http/params";
import { isLocale, type Locale } from "@/lib/platform/i18n/routing";
import { bearerOrCookie, decodeSessionToken, encodeSessionToken, SESSION_MAX_AGE_SECONDS, sessionCookieName } from "./session-token";

export type SessionConfig = { secret: string; appUrl: string };
export type AuthContext = { userId: string; sessionId: string; role: "admin" | "user"; locale: Locale };

/** A new revocable session row; its id goes into the token. */
export async function createSessionRow(db: Pick<Db, "insert">, userId: string) {
  const expiresAt = new Date(Date.now() + SESSION_MAX_AGE_SECONDS * 1000);
  const [row] = await db.insert(sessions).values({ userId, expiresAt }).returning({ id: sessions.id });
  return { sessionId: row!.id, expiresAt };
}

/** `db` may be a transaction: a password reset starts the new session in the one that ends the others. */
export async function startSession(db: Pick<Db, "insert">, cfg: SessionConfig, user: { id: string; type: "admin" | "user" }) {
  const { sessionId, expiresAt } = await createSessionRow(db, user.id);
  const token = await encodeSessionToken({ sub: user.id, sid: sessionId, role: user.type }, cfg.secret, sessionCookieName(cfg.appUrl));
  return { token, expiresAt };
}

/** The live session (not revoked, not expired, user active) for these claims, with the user's role and locale. */
export async function findLiveSession(db: Db, userId: string, sessionId: string) {
  if (!isUuid(sessionId) || !isUuid(userId)) return null;
  const [row] = await db
    .select({ type: users.type, locale: users.locale })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, sessionId),
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, new Date()),
        eq(users.isActive, true),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** The session behind a token, checked against the database: revoked sessions and deactivated users get null. */
export async function resolveSession(db: Db, cfg: SessionConfig, token: string | null): Promise<AuthContext | null> {
  if (!token) return null;
  const claims = await decodeSessionToken(token, cfg.secret, sessionCookieName(cfg.appUrl));
  if (!claims) return null;
  const row = await findLiveSession(db, claims.sub, claims.sid);
  if (!row) return null;
  // The role comes from the database, not the token: a demoted admin loses admin rights at once.
  return { userId: claims.sub, sessionId: claims.sid, role: row.type, locale: isLocale(row.locale) ? row.locale : "en" };
}

export async function authenticate(db: Db, cfg: SessionConfig, req: Request): Promise<AuthContext | null> {
  return resolveSession(db, cfg, bearerOrCookie(req.headers, sessionCookieName(cfg.appUrl)));
}

export async function requireUser(db: Db, cfg: SessionConfig, req: Request): Promise<AuthContext> {
  const auth = await authenticate(db, cfg, req);
  if (!auth) throw new AppError("unauthorized", "unauthorized");
  return auth;
}

export async function requireAdmin(db: Db, cfg: SessionConfig, req: Request): Promise<AuthContext> {
  const auth = await requireUser(db, cfg, req);
  if (auth.role !== "admin") throw new AppError("forbidden", "forbidden");
  return auth;
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
