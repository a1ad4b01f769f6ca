// A session is an encrypted JWT (JWE, "dir" + A256CBC-HS512, the key derived from AUTH_SECRET by HKDF with the cookie
// name as salt): the same token is the session cookie that pages, route handlers and the proxy read, and the bearer
// token the REST contract hands out. It names a row of `sessions`, which is what makes it revocable.
// The format, the key derivation and the cookie's name are Auth.js's, which the app used before it owned this code:
// sessions opened then stay open.
import { EncryptJWT, jwtDecrypt } from "jose";
import { readCookie } from "@/lib/platform/http/cookies";

export const SESSION_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

export type SessionClaims = { sub: string; sid: string; role: "admin" | "user" };

const ALG = "dir";
const ENC = "A256CBC-HS512";
// A clock a few seconds behind another instance's does not end a session early.
const CLOCK_TOLERANCE_SECONDS = 15;

export function sessionCookieName(appUrl: string): string {
  return appUrl.startsWith("https://") ? "__Secure-authjs.session-token" : "authjs.session-token";
}

// Deriving costs a little CPU and the inputs never change in a process: each key is derived once.
const keys = new Map<string, Promise<Uint8Array>>();

function keyFor(secret: string, salt: string): Promise<Uint8Array> {
  const id = `${salt}\u0000${secret}`;
  let key = keys.get(id);
  if (!key) {
    key = derive(secret, salt);
    keys.set(id, key);
  }
  return key;
}

async function derive(secret: string, salt: string): Promise<Uint8Array> {
  const utf8 = new TextEncoder();
  const material = await crypto.subtle.importKey("raw", utf8.encode(secret), "HKDF", false, ["deriveBits"]);
  const info = utf8.encode(`Auth.js Generated Encryption Key (${salt})`);
  // 64 bytes: A256CBC-HS512 takes a 256-bit MAC key and a 256-bit encryption key.
  const bits = await crypto.subtle.deriveBits({ name: "HKDF", hash: "SHA-256", salt: utf8.encode(salt), info }, material, 512);
  return new Uint8Array(bits);
}

export async function encodeSessionToken(claims: SessionClaims, secret: string, salt: string): Promise<string> {
  return new EncryptJWT({ ...claims })
    .setProtectedHeader({ alg: ALG, enc: ENC })
    .setIssuedAt()
    .setExpirationTime(`${SESSION_MAX_AGE_SECONDS}s`)
    .setJti(crypto.randomUUID())
    .encrypt(await keyFor(secret, salt));
}

/** Null for anything forged, tampered with, expired or malformed. */
export async function decodeSessionToken(token: string, secret: string, salt: string): Promise<SessionClaims | null> {
  if (!token || token.length > 4096) return null;
  try {
    const { payload } = await jwtDecrypt(token, await keyFor(secret, salt), {
      clockTolerance: CLOCK_TOLERANCE_SECONDS,
      keyManagementAlgorithms: [ALG],
      contentEncryptionAlgorithms: [ENC],
    });
    if (typeof payload.sub !== "string" || typeof payload.sid !== "string") return null;
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
