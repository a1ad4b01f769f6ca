// The OAuth `state` of the calendar consent popup: "<issued ms>.<nonce>.<HMAC>", signed with AUTH_SECRET over the user
// id. The callback accepts it only for the same signed-in user and within 10 minutes, so nobody can slip their own
// Google authorization into another owner's session (login CSRF), and an old consent link cannot be replayed later.
import { createHmac } from "node:crypto";
import { randomToken, safeEqual } from "@/lib/platform/crypto/tokens";

export const CONSENT_STATE_TTL_MS = 10 * 60 * 1000;

function sign(secret: string, userId: string, payload: string): string {
  return createHmac("sha256", secret).update(`calendar-oauth-state:${userId}:${payload}`).digest("base64url");
}

export function signConsentState(secret: string, userId: string, now = new Date()): string {
  const payload = `${now.getTime()}.${randomToken(12)}`;
  return `${payload}.${sign(secret, userId, payload)}`;
}

export function verifyConsentState(secret: string, userId: string, state: string | null | undefined, now = new Date()): boolean {
  const match = /^(\d{1,15}\.[\w-]{8,64})\.([\w-]{43})$/.exec(state ?? "");
  if (!match || !safeEqual(sign(secret, userId, match[1]!), match[2]!)) return false;
  const age = now.getTime() - Number(match[1]!.split(".")[0]);
  // A little slack for clocks of several servers; never a state from the future.
  return age >= -60_000 && age <= CONSENT_STATE_TTL_MS;
}
