import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createSecretBox, keyIdOf, parseKey, parseKeyList, SecretBoxError } from "./secret-box";

const keyA = randomBytes(32).toString("base64");
const keyB = randomBytes(32).toString("hex");

describe("secret box", () => {
  it("seals to ciphertext that opens back to the secret", () => {
    const box = createSecretBox(keyA);
    const sealed = box.seal("1//refresh-token-value");
    expect(sealed).not.toContain("refresh-token-value");
    expect(sealed.startsWith(`v1.${box.keyId}.`)).toBe(true);
    expect(box.open(sealed)).toBe("1//refresh-token-value");
  });

  it("uses a fresh IV each time", () => {
    const box = createSecretBox(keyA);
    expect(box.seal("same")).not.toBe(box.seal("same"));
  });

  it("refuses tampered ciphertext", () => {
    const box = createSecretBox(keyA);
    const parts = box.seal("secret").split(".");
    parts[4] = Buffer.from("forged").toString("base64url");
    expect(() => box.open(parts.join("."))).toThrow();
  });

  it("opens secrets sealed under a previous key after rotation", () => {
    const old = createSecretBox(keyA).seal("kept across rotation");
    const rotated = createSecretBox(keyB, [keyA]);
    expect(rotated.open(old)).toBe("kept across rotation");
    expect(() => createSecretBox(keyB).open(old)).toThrow(/No key/);
  });

  it("rejects a key that is not 32 bytes", () => {
    expect(() => createSecretBox(Buffer.alloc(16).toString("base64"))).toThrow(/32 bytes/);
  });
});

describe("secret box keyring", () => {
  const keyC = randomBytes(32).toString("base64");
  const idOf = (k: string) => keyIdOf(parseKey(k));
  const failure = (fn: () => unknown): SecretBoxError => {
    try {
      fn();
    } catch (e) {
      if (e instanceof SecretBoxError) return e;
      throw e;
    }
    throw new Error("expected a SecretBoxError");
  };

  it("seals with the current key only and opens with any key of the ring, chosen by the envelope's id", () => {
    const ring = createSecretBox(keyC, [keyA, keyB]);
    expect(ring.keyId).toBe(idOf(keyC));
    expect(ring.keyIds).toEqual([idOf(keyC), idOf(keyA), idOf(keyB)]);
    expect(ring.seal("new").startsWith(`v1.${idOf(keyC)}.`)).toBe(true);
    expect(ring.open(createSecretBox(keyA).seal("under A"))).toBe("under A");
    expect(ring.open(createSecretBox(keyB).seal("under B"))).toBe("under B");
  });

  it("names an unknown key id clearly, without key material or plaintext in the message", () => {
    const sealed = createSecretBox(keyA).seal("the-plain-secret");
    const e = failure(() => createSecretBox(keyB, [keyC]).open(sealed));
    expect(e.reason).toBe("unknown_key");
    expect(e.message).toContain(`No key with id ${idOf(keyA)}`);
    expect(e.message).toContain("ENCRYPTION_KEYS_OLD");
    for (const leak of [keyA, keyB, keyC, parseKey(keyA).toString("hex"), "the-plain-secret"]) expect(e.message).not.toContain(leak);
  });

  it("refuses an altered tag, IV or ciphertext as tampered, and a broken envelope as malformed", () => {
    const box = createSecretBox(keyA);
    const parts = box.seal("secret value").split(".");
    const flip = (s: string) => (s[0] === "A" ? "B" : "A") + s.slice(1);
    for (const i of [2, 3, 4]) {
      const altered = [...parts];
      altered[i] = flip(altered[i]!);
      expect(failure(() => box.open(altered.join("."))).reason).toBe("tampered");
    }
    expect(failure(() => box.open("v1.abc")).reason).toBe("malformed");
    expect(failure(() => box.open(`${parts.join(".")}.extra`)).reason).toBe("malformed");
    expect(failure(() => box.open(parts.join(".").replace(/^v1/, "v2"))).reason).toBe("malformed");
  });

  it("accepts the same key listed twice, and parses ENCRYPTION_KEYS_OLD separated by commas or spaces", () => {
    expect(createSecretBox(keyA, [keyA, keyB, keyB]).keyIds).toEqual([idOf(keyA), idOf(keyB)]);
    expect(parseKeyList(` ${keyA}, ${keyB}\n${keyC},,`)).toEqual([keyA, keyB, keyC]);
    expect(parseKeyList(undefined)).toEqual([]);
    expect(() => createSecretBox(keyA, [keyB, "short"])).toThrow(/ENCRYPTION_KEYS_OLD entry 2 must be 32 bytes/);
  });
});
