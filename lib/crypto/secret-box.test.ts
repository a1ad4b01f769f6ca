import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createSecretBox } from "./secret-box";

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
