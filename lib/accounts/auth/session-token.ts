// Sessions are Auth.js JWTs (JWE, A256CBC-HS512, key derived from AUTH_SECRET with the cookie name as salt): the same
// token is the `authjs.session-token` cookie that Auth.js, server components and the proxy read, and the bearer token the
// REST contract hands out. The token names a row of `sessions`, which is what makes it revocable.
import { decode, encode } from "next-auth/jwt";
import { readCookie } from "@/lib/platform/http/cookies";

export const SESSION_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

export type SessionClaims = { sub: string; sid: string; role: "admin" | "user" };

export function sessionCookieName(appUrl: string): string {
  return appUrl.startsWith("https://") ? "__Secure-authjs.session-token" : "authjs.session-token";
}

export async function encodeSessionToken(claims: SessionClaims, secret: string, salt: string): Promise<string> {
  return encode({ token: { ...claims }, secret, salt, maxAge: SESSION_MAX_AGE_SECONDS });
}

/** Null for anything forged, tampered with, expired or malformed. */
export async function decodeSessionToken(token: string, secret: string, salt: string): Promise<SessionClaims | null> {
  if (!token || token.length > 4096) return null;
  try {
    const payload = await decode({ token, secret, salt });
    if (!payload || typeof payload.sub !== "string" || typeof payload.sid !== "string") return null;
    const role = payload.role === "admin" ? "admin" : "user";
    return { sub: payload.sub, sid: payload.sid, role };
  } catch {
    return null;
  }
}

export function bearerOrCookie(headers: Headers, cookieName: string): string | null {
  const auth = headers.get("authorization");
  if (auth) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(auth);
    return match?.[1] ?? null;
  }
  return readCookie(headers.get("cookie"), cookieName) || null;
}
