// AES-256-GCM for secrets at rest (calendar refresh tokens). The envelope carries the key id so keys can be rotated:
//   v1.<keyId>.<iv b64url>.<tag b64url>.<ciphertext b64url>
import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";

export type SecretBox = { keyId: string; seal(plain: string): string; open(envelope: string): string };

export function parseKey(material: string): Buffer {
  const key = Buffer.from(material, /^[0-9a-f]{64}$/i.test(material) ? "hex" : "base64");
  if (key.length !== 32) throw new Error("ENCRYPTION_KEY must be 32 bytes, base64 or hex encoded");
  return key;
}

export function keyIdOf(key: Buffer): string {
  return createHash("sha256").update(key).digest("hex").slice(0, 8);
}

export function createSecretBox(material: string, previous: string[] = []): SecretBox {
  const key = parseKey(material);
  const keyId = keyIdOf(key);
  const keys = new Map<string, Buffer>([[keyId, key]]);
  for (const old of previous) {
    const k = parseKey(old);
    keys.set(keyIdOf(k), k);
  }
  return {
    keyId,
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      const ct = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
      const tag = cipher.getAuthTag();
      return ["v1", keyId, iv.toString("base64url"), tag.toString("base64url"), ct.toString("base64url")].join(".");
    },
    open(envelope) {
      const [version, id, iv, tag, ct] = envelope.split(".");
      if (version !== "v1" || !id || !iv || !tag || ct === undefined) throw new Error("Malformed secret envelope");
      const k = keys.get(id);
      if (!k) throw new Error(`No key with id ${id} to open this secret`);
      const decipher = createDecipheriv("aes-256-gcm", k, Buffer.from(iv, "base64url"));
      decipher.setAuthTag(Buffer.from(tag, "base64url"));
      return Buffer.concat([decipher.update(Buffer.from(ct, "base64url")), decipher.final()]).toString("utf8");
    },
  };
}
