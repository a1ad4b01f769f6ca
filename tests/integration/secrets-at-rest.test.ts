// Encryption at rest, read from the raw rows: what a leaked database or backup would show.
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { calendarAccessFor, connectCalendar } from "@/lib/scheduling/calendar/calendar.service";
import { calendarsOf, ownerPractitionerId } from "../helpers/calendars";
import { resealSecrets } from "@/lib/platform/crypto/rotation";
import { createSecretBox, SecretBoxError, type SecretBox } from "@/lib/platform/crypto/secret-box";
import { createSandboxCalendar } from "@/lib/vendors/calendar-sandbox/sandbox-calendar";
import { connectSandboxCalendar, registerOwner } from "../helpers/api";

const appKey = () => process.env.ENCRYPTION_KEY!; // the key the app under test seals with (tests/setup/env.ts)

async function rawToken(userId: string): Promise<string> {
  const rows = await getDb().execute<{ refresh_token_enc: string }>(
    sql`select refresh_token_enc from calendar_connections where user_id = ${userId}`,
  );
  return rows[0]!.refresh_token_enc;
}

async function setRawToken(userId: string, value: string): Promise<void> {
  await getDb().execute(sql`update calendar_connections set refresh_token_enc = ${value} where user_id = ${userId}`);
}

/** Connects through the real service with the given keyring, and returns the plaintext the provider handed over. */
async function connectWith(secrets: SecretBox): Promise<{ userId: string; token: string }> {
  const owner = await registerOwner();
  const sandbox = createSandboxCalendar(process.env.AUTH_SECRET!, getDb());
  let token = "";
  const calendar = calendarsOf({
    ...sandbox,
    async connect(consent) {
      const grant = await sandbox.connect(consent);
      token = grant?.secret ?? "";
      return grant;
    },
  });
  await connectCalendar({ db: getDb(), calendar, secrets }, owner.user.id, "google", { code: "sandbox-test-code" });
  expect(token).toMatch(/^sandbox-refresh-/);
  return { userId: owner.user.id, token };
}

function expectNoPlaintext(stored: string, token: string): void {
  for (const form of [
    token,
    Buffer.from(token).toString("base64"),
    Buffer.from(token).toString("base64url"),
    Buffer.from(token).toString("hex"),
  ]) {
    expect(stored).not.toContain(form);
  }
  expect(stored).not.toContain("sandbox-refresh");
}

describe("calendar refresh tokens at rest", () => {
  it("are stored as an envelope naming the key, with neither the token nor its encodings in it, and open back to it", async () => {
    const owner = await registerOwner();
    await connectSandboxCalendar(owner.token); // the API route, as the dashboard's popup calls it
    const stored = await rawToken(owner.user.id);
    const box = createSecretBox(appKey());
    expect(stored).toMatch(new RegExp(`^v1\\.${box.keyId}\\.[\\w-]{16}\\.[\\w-]{22}\\.[\\w-]+$`));
    const token = box.open(stored);
    expect(token).toMatch(/^sandbox-refresh-[\w-]{32}$/);
    expectNoPlaintext(stored, token);
    expect((await calendarAccessFor({ db: getDb(), secrets: box }, owner.user.id, await ownerPractitionerId(owner.user.id)))?.secret).toBe(
      token,
    );
  });

  it("never store the plaintext the provider handed over", async () => {
    const box = createSecretBox(appKey());
    const { userId, token } = await connectWith(box);
    const stored = await rawToken(userId);
    expectNoPlaintext(stored, token);
    expect(box.open(stored)).toBe(token);
  });
});

describe("key rotation", () => {
  const keyA = randomBytes(32).toString("base64");
  const keyB = randomBytes(32).toString("hex");
  const boxA = createSecretBox(keyA);
  const boxB = createSecretBox(keyB);
  // Other test files' rows in this shared database are under the app's key: the ring opens them too.
  const rotateToB = createSecretBox(keyB, [keyA, appKey()]);

  // Back under the app's key, so test files that run later open every row they meet.
  afterAll(async () => {
    await resealSecrets(getDb(), createSecretBox(appKey(), [keyA, keyB]));
  });

  it("re-seals every row under the new key in batches, and a second run has nothing left to do", async () => {
    const owners = [await connectWith(boxA), await connectWith(boxA), await connectWith(boxA)];
    for (const o of owners) expect((await rawToken(o.userId)).startsWith(`v1.${boxA.keyId}.`)).toBe(true);

    const batches: number[] = [];
    const [first] = await resealSecrets(getDb(), rotateToB, { batchSize: 2, onBatch: (c) => batches.push(c.resealed) });
    expect(first).toMatchObject({ column: "calendar_connections.refresh_token_enc", failed: 0, remaining: 0 });
    expect(first!.resealed).toBeGreaterThanOrEqual(owners.length);
    expect(batches.length).toBeGreaterThanOrEqual(2);

    for (const o of owners) {
      const stored = await rawToken(o.userId);
      expect(stored.startsWith(`v1.${boxB.keyId}.`)).toBe(true);
      expectNoPlaintext(stored, o.token);
      expect(boxB.open(stored)).toBe(o.token); // a keyring holding B alone
      expect(() => boxA.open(stored)).toThrow(SecretBoxError);
      expect((await calendarAccessFor({ db: getDb(), secrets: boxB }, o.userId, await ownerPractitionerId(o.userId)))?.secret).toBe(
        o.token,
      );
    }

    const [second] = await resealSecrets(getDb(), boxB);
    expect(second).toEqual({ column: "calendar_connections.refresh_token_enc", resealed: 0, failed: 0, remaining: 0 });
  });

  it("leaves a tampered secret as it is, counts it, and finishes once it is fixed", async () => {
    const { userId, token } = await connectWith(boxA);
    const original = await rawToken(userId);
    const parts = original.split(".");
    parts[4] = `${parts[4]!.slice(0, -2)}${parts[4]!.endsWith("AA") ? "BB" : "AA"}`;
    const tampered = parts.join(".");
    await setRawToken(userId, tampered);
    expect(() => boxA.open(tampered)).toThrow(/failed authentication/);

    const [run] = await resealSecrets(getDb(), rotateToB);
    expect(run).toMatchObject({ failed: 1, remaining: 1 });
    expect(await rawToken(userId)).toBe(tampered); // never overwritten with something that would not open

    await setRawToken(userId, original);
    const [resumed] = await resealSecrets(getDb(), rotateToB);
    expect(resumed).toEqual({ column: "calendar_connections.refresh_token_enc", resealed: 1, failed: 0, remaining: 0 });
    expect(boxB.open(await rawToken(userId))).toBe(token);
  });
});
