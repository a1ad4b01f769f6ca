import { afterEach, describe, expect, it, vi } from "vitest";
import { decodeSessionToken, encodeSessionToken, SESSION_MAX_AGE_SECONDS, type SessionClaims } from "./session-token";

const secret = "fixture-secret-for-compatibility-test-0123456789";
const salt = "authjs.session-token";
const claims: SessionClaims = { sub: "8c1c7a52-5a0e-4e55-9d55-1f7bb7a0c001", sid: "0b4f2a8e-7d7e-4d2b-9a43-6a3b2c1d0e0f", role: "admin" };

// Minted by Auth.js (next-auth 5's `encode`, with its key id header) for the claims above, valid until 2126: the app
// used it to sign sessions before it owned this code, and a session opened then must stay open.
const MINTED_BY_AUTHJS =
  "eyJhbGciOiJkaXIiLCJlbmMiOiJBMjU2Q0JDLUhTNTEyIiwia2lkIjoiODVReE5RZUttcGdFSng2OWEzVk1NR3F1UmZ5YWEzNG1fbHQxaVdyeFVVY2ZNeFlzeGd1MW5rbWswOUdrWElOcWZYLUFYamY4akFyNDBmeGlqMjRUR1EifQ..rcHRBSzmg1ddsblgxPimbQ.2h2PVbaAfInuLarZQTVohYUnDOgTQtZOSwikWYZojjgWr1IpPntGX5pmPXvw4qpRRuw2udIotRLq8vGgPspwnNhtdtpfE1YS223NkckCz7i8x99abqtxTNrWVT-3Oc88G09Gt9jvhZPZ1s-nMQX20WIDUEZhzJEu3JE7YDOX43IkcTXBJIYeXnwMCv9To0GETw8izRIkgX9qzzATYgReYgP4MLRsY4Otg0xaAdHQjgttL_HOcv5WVMwS2Egzlatr.hhLsVGUHJCw4YB9yDHw4JH_c81yWMz69jJS4m5BemMo";

afterEach(() => vi.useRealTimers());

describe("session token", () => {
  it("reads a session Auth.js opened before the app owned this code", async () => {
    expect(await decodeSessionToken(MINTED_BY_AUTHJS, secret, salt)).toEqual(claims);
  });

  it("reads back what it wrote, and only with the same secret and cookie name", async () => {
    const token = await encodeSessionToken({ ...claims, role: "user" }, secret, salt);
    expect(await decodeSessionToken(token, secret, salt)).toEqual({ ...claims, role: "user" });
    expect(await decodeSessionToken(token, `${secret}x`, salt)).toBeNull();
    expect(await decodeSessionToken(token, secret, `__Secure-${salt}`)).toBeNull();
  });

  it("refuses a tampered, truncated, oversized or empty token", async () => {
    const token = await encodeSessionToken(claims, secret, salt);
    const parts = token.split(".");
    const flipped = parts[3]![0] === "A" ? "B" : "A";
    parts[3] = flipped + parts[3]!.slice(1);
    expect(await decodeSessionToken(parts.join("."), secret, salt)).toBeNull();
    expect(await decodeSessionToken(token.slice(0, -4), secret, salt)).toBeNull();
    expect(await decodeSessionToken(token + "A".repeat(4096), secret, salt)).toBeNull();
    expect(await decodeSessionToken("", secret, salt)).toBeNull();
  });

  it("ends when its thirty days are over", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-12-01T00:00:00Z"));
    const token = await encodeSessionToken(claims, secret, salt);
    vi.setSystemTime(new Date(Date.parse("2026-12-01T00:00:00Z") + (SESSION_MAX_AGE_SECONDS - 60) * 1000));
    expect(await decodeSessionToken(token, secret, salt)).toEqual(claims);
    // Another instance's clock a few seconds ahead does not end it early; beyond that, it is over.
    vi.setSystemTime(new Date(Date.parse("2026-12-01T00:00:00Z") + (SESSION_MAX_AGE_SECONDS + 10) * 1000));
    expect(await decodeSessionToken(token, secret, salt)).toEqual(claims);
    vi.setSystemTime(new Date(Date.parse("2026-12-01T00:00:00Z") + (SESSION_MAX_AGE_SECONDS + 20) * 1000));
    expect(await decodeSessionToken(token, secret, salt)).toBeNull();
  });
});
