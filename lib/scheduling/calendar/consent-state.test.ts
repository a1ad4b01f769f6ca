import { describe, expect, it } from "vitest";
import { signConsentState, verifyConsentState } from "./consent-state";

const secret = "test-secret-0123456789abcdef";
const alice = "5b0e7c2a-1f4d-4c8e-9a3b-2d6f8e1c4a7b";
const bob = "9c1d2e3f-4a5b-4c6d-8e7f-0a1b2c3d4e5f";
const at = new Date("2026-03-29T00:30:00Z");

describe("calendar consent state", () => {
  it("verifies for the user it was signed for, within 10 minutes", () => {
    const state = signConsentState(secret, alice, at);
    expect(verifyConsentState(secret, alice, state, at)).toBe(true);
    expect(verifyConsentState(secret, alice, state, new Date(at.getTime() + 10 * 60 * 1000))).toBe(true);
  });

  it("refuses another user, another secret, an expired or tampered state", () => {
    const state = signConsentState(secret, alice, at);
    expect(verifyConsentState(secret, bob, state, at)).toBe(false);
    expect(verifyConsentState("another-secret-0123456789abcdef", alice, state, at)).toBe(false);
    expect(verifyConsentState(secret, alice, state, new Date(at.getTime() + 10 * 60 * 1000 + 1))).toBe(false);
    const [issued, nonce, mac] = state.split(".");
    expect(verifyConsentState(secret, alice, `${Number(issued) + 1000}.${nonce}.${mac}`, at)).toBe(false);
    expect(verifyConsentState(secret, alice, "", at)).toBe(false);
    expect(verifyConsentState(secret, alice, null, at)).toBe(false);
  });

  it("refuses a state issued in the future beyond a minute of clock skew", () => {
    const state = signConsentState(secret, alice, new Date(at.getTime() + 2 * 60 * 1000));
    expect(verifyConsentState(secret, alice, state, at)).toBe(false);
  });
});
