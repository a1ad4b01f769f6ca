import { describe, expect, it } from "vitest";
import { readSelfServiceToken, selfServicePath, selfServiceToken } from "./self-service-link";

const SECRET = "test-secret-of-this-installation";
const ID = "3f2b8c4e-1a2b-4c3d-8e9f-0a1b2c3d4e5f";
const later = new Date(Date.now() + 86_400_000);

describe("the self-service link's token", () => {
  it("names its appointment and nothing personal, and is short enough for a text", () => {
    const token = selfServiceToken(SECRET, ID, later);
    expect(token.length).toBeLessThanOrEqual(64);
    expect(token).not.toContain("@");
    expect(readSelfServiceToken(SECRET, token)).toMatchObject({ ok: true, appointmentId: ID });
    expect(selfServicePath("fr", token)).toBe(`/fr/a/${token}`);
    expect(selfServicePath("en", token)).toBe(`/a/${token}`);
  });

  it("refuses an altered token, one signed with another secret, and garbage", () => {
    const token = selfServiceToken(SECRET, ID, later);
    const otherId = selfServiceToken(SECRET, "00000000-0000-4000-8000-000000000000", later).slice(0, 32);
    const [id, exp, sig] = [token.slice(0, 32), token.slice(32, 39), token.slice(39)];
    const longer = (parseInt(exp, 36) + 86_400).toString(36).padStart(7, "0");
    expect(token).toMatch(/^[0-9a-zA-Z_-]+$/);
    for (const bad of [
      `${otherId}${exp}${sig}`,
      `${id}${longer}${sig}`,
      `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`,
      selfServiceToken("another-installation", ID, later),
      "",
      "not-a-token",
      `${token}x`,
    ])
      expect(readSelfServiceToken(SECRET, bad), bad).toEqual({ ok: false, reason: "invalid" });
  });

  it("expires when it says", () => {
    const token = selfServiceToken(SECRET, ID, new Date(Date.now() + 60_000));
    expect(readSelfServiceToken(SECRET, token).ok).toBe(true);
    expect(readSelfServiceToken(SECRET, token, new Date(Date.now() + 120_000))).toEqual({ ok: false, reason: "expired" });
  });
});
