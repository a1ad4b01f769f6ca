// The self-service link in a caller's confirmation and reminder: /a/<token>, where the token names one appointment and
// when the link stops working, signed with a key derived from the installation's secret. It carries no personal data
// (an appointment id is a random uuid) and cannot be altered or made to last longer without the key.
import { createHmac, timingSafeEqual } from "node:crypto";

/** 128 bits of HMAC-SHA256: enough against forgery, short enough for a text message. */
const TAG_BYTES = 16;
// The appointment's 32 hex digits, the expiry in 7 base-36 digits (Unix seconds, good until the year 4000) and the tag
// in 22 base64url characters, run together: no dot, which the proxy's matcher reads as a file extension.
const TOKEN = /^([0-9a-f]{32})([0-9a-z]{7})([A-Za-z0-9_-]{22})$/;

export type LinkRead = { ok: true; appointmentId: string; expiresAt: Date } | { ok: false; reason: "invalid" | "expired" };

function tag(secret: string, body: string): Buffer {
  const key = createHmac("sha256", secret).update("recepta/self-service-link/v1").digest();
  return createHmac("sha256", key).update(body).digest().subarray(0, TAG_BYTES);
}

/** The link stops working when the appointment starts: there is nothing left to change. */
export function linkExpiry(appointment: { startsAt: Date }): Date {
  return appointment.startsAt;
}

export function selfServiceToken(secret: string, appointmentId: string, expiresAt: Date): string {
  const id = appointmentId.replace(/-/g, "").toLowerCase();
  const body = `${id}${Math.ceil(expiresAt.getTime() / 1000)
    .toString(36)
    .padStart(7, "0")}`;
  return `${body}${tag(secret, body).toString("base64url")}`;
}

/** The token's appointment, if it is one we signed and it has not expired; "invalid" covers altered and malformed. */
export function readSelfServiceToken(secret: string, token: string, now = new Date()): LinkRead {
  const [, id, exp, sig] = TOKEN.exec(token) ?? [];
  if (!id || !exp || !sig) return { ok: false, reason: "invalid" };
  // Compared as text: base64 leaves spare bits in the last character, so two spellings would decode to one tag.
  const given = Buffer.from(sig);
  const expected = Buffer.from(tag(secret, `${id}${exp}`).toString("base64url"));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: "invalid" };
  const expiresAt = new Date(parseInt(exp, 36) * 1000);
  if (expiresAt.getTime() <= now.getTime()) return { ok: false, reason: "expired" };
  const appointmentId = `${id.slice(0, 8)}-${id.slice(8, 12)}-${id.slice(12, 16)}-${id.slice(16, 20)}-${id.slice(20)}`;
  return { ok: true, appointmentId, expiresAt };
}

/** The link's path in the caller's language (the app's routing: English unprefixed). */
export function selfServicePath(locale: "en" | "fr" | "es", token: string): string {
  return locale === "en" ? `/a/${token}` : `/${locale}/a/${token}`;
}
