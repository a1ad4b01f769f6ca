// How an API key looks on the wire, apart from what checks it: the proxy reads this without loading the database.
// A key is "rk_" and 43 base64url characters (32 random bytes). Session tokens are JWEs ("eyJ…"), so the prefix alone
// tells a key from a session in the same `Authorization: Bearer` header.

export const API_KEY_PREFIX = "rk_";

/** The key's shape: "rk_" and the base64url of 32 bytes, nothing else. */
export const API_KEY_PATTERN = /^rk_[A-Za-z0-9_-]{43}$/;

/**
 * The token of an `Authorization: Bearer rk_…` header, whatever follows the prefix (a malformed key is still a key, and
 * is refused as one, never read as a session), or null when the request carries no key.
 */
export function bearerApiKey(headers: Headers): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(headers.get("authorization") ?? "");
  const token = match?.[1];
  return token?.startsWith(API_KEY_PREFIX) ? token : null;
}
