// The signed-in user for server components and server actions: the session cookie, checked against the database once
// per request (React cache).
import { cookies } from "next/headers";
import { cache } from "react";
import { findProfileById, type Profile } from "@/lib/accounts/account/profile";
import { resolveSession, type AuthContext } from "@/lib/accounts/auth/session";
import { sessionCookieName } from "@/lib/accounts/auth/session-token";
import { appContext } from "./context";

/** The session the cookie names, live in the database, or null. */
export const getCurrentSession = cache(async (): Promise<AuthContext | null> => {
  const jar = await cookies(); // first: reading cookies is what makes the page render per request
  const ctx = appContext();
  const token = jar.get(sessionCookieName(ctx.session.appUrl))?.value ?? null;
  return resolveSession(ctx.db, ctx.session, token);
});

export const getCurrentUser = cache(async (): Promise<Profile | null> => {
  const auth = await getCurrentSession();
  return auth ? findProfileById(appContext().db, auth.userId) : null;
});

/** Whether the browser sent a session cookie at all (valid or not). */
export async function hasSessionCookie(): Promise<boolean> {
  const jar = await cookies();
  return jar.has(sessionCookieName(appContext().session.appUrl));
}
