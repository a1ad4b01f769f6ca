import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createSecretBox } from "@/lib/platform/crypto/secret-box";
import { readEnv } from "@/lib/platform/env";
import { beginKeyRotation, resolveSecrets, retireOldKeys, secretBoxFor } from "./secrets";

describe("resolveSecrets", () => {
  it("generates missing secrets once on the embedded default and keeps them private", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "recepta-secrets-"));
    const first = resolveSecrets(readEnv({ DATA_DIR: dir }));
    const second = resolveSecrets(readEnv({ DATA_DIR: dir }));
    expect(Object.keys(first).sort()).toEqual(["AUTH_SECRET", "ENCRYPTION_KEY", "STRIPE_WEBHOOK_SECRET", "VAPI_WEBHOOK_SECRET"]);
    expect(second).toEqual(first);
    expect(Buffer.from(first.ENCRYPTION_KEY!, "base64")).toHaveLength(32);
    expect(fs.statSync(path.join(dir, "secrets.json")).mode & 0o077).toBe(0);
  });

  it("leaves secrets given in the environment alone", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "recepta-secrets-"));
    const resolved = resolveSecrets(readEnv({ DATA_DIR: dir, AUTH_SECRET: "from-env" }));
    expect(resolved.AUTH_SECRET).toBeUndefined();
    expect(resolved.ENCRYPTION_KEY).toBeTruthy();
  });

  it("requires every secret when DATABASE_URL is set, naming the missing ones", () => {
    expect(() => resolveSecrets(readEnv({ DATABASE_URL: "postgres://x/y", AUTH_SECRET: "a", ENCRYPTION_KEY: "b" }))).toThrow(
      /^VAPI_WEBHOOK_SECRET, STRIPE_WEBHOOK_SECRET must be set when DATABASE_URL is set/,
    );
  });
});

describe("embedded keyring rotation", () => {
  const dataDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "recepta-keyring-"));
    resolveSecrets(readEnv({ DATA_DIR: dir }));
    return dir;
  };
  const stored = (dir: string) => JSON.parse(fs.readFileSync(path.join(dir, "secrets.json"), "utf8")) as Record<string, string>;

  it("makes a fresh key current and keeps the previous one able to open, until it is retired", () => {
    const dir = dataDir();
    const before = resolveSecrets(readEnv({ DATA_DIR: dir }));
    const sealedBefore = secretBoxFor(before).seal("refresh-token");

    const started = beginKeyRotation(dir);
    expect(started.resumed).toBe(false);
    expect(started.old).toEqual([createSecretBox(before.ENCRYPTION_KEY!).keyId]);
    expect(started.current).not.toBe(started.old[0]);
    expect(stored(dir).AUTH_SECRET).toBe(before.AUTH_SECRET); // only the encryption key moves
    expect(fs.statSync(path.join(dir, "secrets.json")).mode & 0o077).toBe(0);

    // What the app (and the rotation) now opens and seals with.
    const during = secretBoxFor(resolveSecrets(readEnv({ DATA_DIR: dir })));
    expect(during.keyId).toBe(started.current);
    expect(during.open(sealedBefore)).toBe("refresh-token");
    expect(started.box.keyIds).toEqual(during.keyIds);

    expect(retireOldKeys(dir)).toEqual(started.old);
    const after = resolveSecrets(readEnv({ DATA_DIR: dir }));
    expect(after.ENCRYPTION_KEYS_OLD).toBeUndefined();
    expect(() => secretBoxFor(after).open(sealedBefore)).toThrow(/No key with id/);
    expect(retireOldKeys(dir)).toEqual([]);
  });

  it("resumes a rotation that stopped half way instead of stacking another key", () => {
    const dir = dataDir();
    const first = beginKeyRotation(dir);
    const again = beginKeyRotation(dir);
    expect(again).toMatchObject({ resumed: true, current: first.current, old: first.old });
  });

  it("lets ENCRYPTION_KEYS_OLD from the environment win over the keyring file", () => {
    const dir = dataDir();
    beginKeyRotation(dir);
    const resolved = resolveSecrets(readEnv({ DATA_DIR: dir, ENCRYPTION_KEYS_OLD: "from-env" }));
    expect(resolved.ENCRYPTION_KEYS_OLD).toBeUndefined();
  });
});
