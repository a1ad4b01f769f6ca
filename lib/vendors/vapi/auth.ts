import { safeEqual } from "@/lib/platform/crypto/tokens";

/** Vapi's shared secret, sent as `X-Vapi-Secret` or as a Bearer credential; compared in constant time. */
export function vapiSecretMatches(headers: Headers, secret: string): boolean {
  if (!secret) return false;
  const header = headers.get("x-vapi-secret");
  const bearer = /^Bearer\s+(.+)$/i.exec(headers.get("authorization") ?? "")?.[1];
  const given = header ?? bearer ?? "";
  return given.length > 0 && safeEqual(given, secret);
}
