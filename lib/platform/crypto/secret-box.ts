// AES-256-GCM for secrets at rest (calendar refresh tokens). The envelope carries the key id so keys can be rotated:
//   v1.<keyId>.<iv b64url>.<tag b64url>.<ciphertext b64url>
// A box is a keyring: the current key seals, every key (current and previous) opens what it sealed. The key id is the
// first 8 hex digits of the key's SHA-256, so configuring a keyring is just listing keys (ENCRYPTION_KEY for the
// current one, ENCRYPTION_KEYS_OLD for the previous ones) and an id reveals nothing usable about its key.
import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from "node:crypto";

export type SecretBox = {
  /** The id of the key that seals. */
  keyId: string;
  /** Every id this box can open, the current one first. */
  keyIds: string[];
  seal(plain: string): string;
  open(envelope: string): string;
  /**
   * A keyed digest (HMAC-SHA256 under the current key, hex) of `value` for one `purpose`: what a counter may keep of a
   * phone number. A plain hash of a number is reversed by trying every number; this one needs the key. A rotated key
   * gives new digests, which only restarts what they count.
   */
  digest(purpose: string, value: string): string;
};

/** Why an envelope did not open. Messages name the key id at most, never key material or plaintext. */
export class SecretBoxError extends Error {
  constructor(
    readonly reason: "malformed" | "unknown_key" | "tampered",
    message: string,
  ) {
    super(message);
    this.name = "SecretBoxError";
  }
}

export function parseKey(material: string, name = "ENCRYPTION_KEY"): Buffer {
  const key = Buffer.from(material, /^[0-9a-f]{64}$/i.test(material) ? "hex" : "base64");
  if (key.length !== 32) throw new Error(`${name} must be 32 bytes, base64 or hex encoded`);
  return key;
}

export function keyIdOf(key: Buffer): string {
  return createHash("sha256").update(key).digest("hex").slice(0, 8);
}

/** ENCRYPTION_KEYS_OLD: keys separated by commas or whitespace (base64 never contains either). */
export function parseKeyList(value: string | undefined): string[] {
  return (value ?? "").split(/[\s,]+/).filter(Boolean);
}

export function createSecretBox(material: string, previous: string[] = []): SecretBox {
  const key = parseKey(material);
  const keyId = keyIdOf(key);
  const keys = new Map<string, Buffer>([[keyId, key]]);
  previous.forEach((old, i) => {
    const k = parseKey(old, `ENCRYPTION_KEYS_OLD entry ${i + 1}`);
    const id = keyIdOf(k);
    // 32-bit ids: two different keys sharing one is a 1-in-4-billion accident, but it would make one of them unusable.
    if (keys.has(id) && !keys.get(id)!.equals(k)) throw new Error(`Two encryption keys share the id ${id}: generate another key`);
    keys.set(id, k);
  });
  return {
    keyId,
    keyIds: [...keys.keys()],
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      const ct = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
      const tag = cipher.getAuthTag();
      return ["v1", keyId, iv.toString("base64url"), tag.toString("base64url"), ct.toString("base64url")].join(".");
    },
    digest(purpose, value) {
      return createHmac("sha256", key).update(`recepta/digest/${purpose}\u0000${value}`).digest("hex");
    },
    open(envelope) {
      const [version, id, iv, tag, ct, extra] = envelope.split(".");
      if (version !== "v1" || !id || !iv || !tag || ct === undefined || extra !== undefined) {
        throw new SecretBoxError("malformed", "Malformed secret envelope");
      }
      const k = keys.get(id);
      if (!k) {
        throw new SecretBoxError(
          "unknown_key",
          `No key with id ${id} to open this secret: add the key that sealed it to ENCRYPTION_KEYS_OLD (known ids: ${[...keys.keys()].join(", ")})`,
        );
      }
      try {
        const decipher = createDecipheriv("aes-256-gcm", k, Buffer.from(iv, "base64url"));
        decipher.setAuthTag(Buffer.from(tag, "base64url"));
        return Buffer.concat([decipher.update(Buffer.from(ct, "base64url")), decipher.final()]).toString("utf8");
      } catch {
        // GCM's tag check failed (or the IV/tag had a wrong length): altered ciphertext, never a silently wrong value.
        throw new SecretBoxError("tampered", `Secret sealed under key ${id} failed authentication (altered or corrupted)`);
      }
    },
  };
}
