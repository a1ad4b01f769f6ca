import { describe, expect, it } from "vitest";
import { API_KEY_PATTERN, bearerApiKey } from "./api-key-token";
import { newApiKey } from "./api-keys.service";

const headers = (authorization?: string) => new Headers(authorization ? { authorization } : {});

describe("bearerApiKey", () => {
  it("reads a key from a bearer header, whatever its case and spacing", () => {
    const key = newApiKey();
    expect(bearerApiKey(headers(`Bearer ${key}`))).toBe(key);
    expect(bearerApiKey(headers(`bearer   ${key} `))).toBe(key);
  });

  it("takes a malformed rk_ token for a key (refused as one), and a session token or a cookie for none", () => {
    expect(bearerApiKey(headers("Bearer rk_short"))).toBe("rk_short");
    expect(bearerApiKey(headers("Bearer eyJhbGciOiJkaXIiLCJlbmMiOiJBMjU2Q0JDLUhTNTEyIn0..x.y.z"))).toBeNull();
    expect(bearerApiKey(headers())).toBeNull();
    expect(bearerApiKey(new Headers({ cookie: "authjs.session-token=rk_x" }))).toBeNull();
  });
});

describe("newApiKey", () => {
  it("makes rk_ and 43 base64url characters, a new one each time", () => {
    const a = newApiKey();
    expect(a).toMatch(API_KEY_PATTERN);
    expect(newApiKey()).not.toBe(a);
  });
});
