// Telnyx webhook signatures, without the SDK and without a framework: Ed25519 over `${telnyx-timestamp}|${rawBody}`,
// checked against the account's public key (base64 of the raw 32-byte key, Portal > API Keys > Public Key).
// Offline there is no Telnyx key, so a keypair derived from AUTH_SECRET stands in and the very same check runs.
import { createHmac, createPrivateKey, createPublicKey, sign, verify, type KeyObject } from "node:crypto";

export const SIGNATURE_HEADER = "telnyx-signature-ed25519";
export const TIMESTAMP_HEADER = "telnyx-timestamp";

/** Telnyx's own SDK allows 300 s of clock skew either way; a replay older than that is refused. */
export const TOLERANCE_SECONDS = 300;

// DER wrappers that turn a raw 32-byte Ed25519 key into something node:crypto accepts (RFC 8410).
const SPKI_PREFIX = Buffer.from("302a300506032b6570032100", "hex");
const PKCS8_PREFIX = Buffer.from("302e020100300506032b657004220420", "hex");

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/**
 * True only for a well-formed, fresh signature by `publicKeyB64` over this exact raw body. Never throws: a missing
 * header, a timestamp that is not whole seconds, bad base64 or a malformed key are all simply `false`.
 */
export function verifyTelnyxSignature(raw: string, headers: Headers, publicKeyB64: string, now = Date.now()): boolean {
  const signature = headers.get(SIGNATURE_HEADER)?.trim() ?? "";
  const timestamp = headers.get(TIMESTAMP_HEADER)?.trim() ?? "";
  if (!/^\d{1,12}$/.test(timestamp)) return false;
  if (Math.abs(now / 1000 - Number(timestamp)) > TOLERANCE_SECONDS) return false;
  const sig = decodeBase64(signature, 64);
  const key = publicKeyFrom(publicKeyB64);
  if (!sig || !key) return false;
  try {
    return verify(null, Buffer.from(`${timestamp}|${raw}`, "utf8"), key, sig);
  } catch {
    return false;
  }
}

/** The `telnyx-signature-ed25519` value for a body (sandbox deliveries and tests). `timestamp` is Unix seconds. */
export function signTelnyxPayload(raw: string, privateKey: KeyObject, timestamp: number | string): string {
  return sign(null, Buffer.from(`${timestamp}|${raw}`, "utf8"), privateKey).toString("base64");
}

/**
 * The sandbox's webhook keypair: deterministic per AUTH_SECRET (seed = HMAC-SHA256(AUTH_SECRET, "telnyx-sandbox-webhook")),
 * so every process of one installation agrees on it and nobody without the secret can sign.
 */
export function sandboxTelnyxKeys(authSecret: string): { publicKeyB64: string; privateKey: KeyObject } {
  const seed = createHmac("sha256", authSecret).update("telnyx-sandbox-webhook").digest();
  const privateKey = createPrivateKey({ key: Buffer.concat([PKCS8_PREFIX, seed]), format: "der", type: "pkcs8" });
  const spki = createPublicKey(privateKey).export({ format: "der", type: "spki" });
  return { publicKeyB64: spki.subarray(SPKI_PREFIX.length).toString("base64"), privateKey };
}

// The key is the same on every request: parse it once per distinct value.
let lastKey: { b64: string; key: KeyObject | null } | null = null;

function publicKeyFrom(b64: string): KeyObject | null {
  if (lastKey?.b64 === b64) return lastKey.key;
  const raw = decodeBase64(b64.trim(), 32);
  let key: KeyObject | null = null;
  if (raw) {
    try {
      key = createPublicKey({ key: Buffer.concat([SPKI_PREFIX, raw]), format: "der", type: "spki" });
    } catch {
      key = null;
    }
  }
  lastKey = { b64, key };
  return key;
}

/** Strict base64 of exactly `bytes` bytes, or null (Buffer.from would silently skip invalid characters). */
function decodeBase64(value: string, bytes: number): Buffer | null {
  if (!BASE64.test(value)) return null;
  const buf = Buffer.from(value, "base64");
  return buf.length === bytes ? buf : null;
}
