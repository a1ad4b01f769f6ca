import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readEnv } from "@/lib/env";
import { resolveSecrets } from "./secrets";

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
