import { describe, expect, it } from "vitest";
import { API_CSP, newNonce, pageCsp, wantsHsts } from "./csp";

/** "script-src 'self' 'nonce-x'" → ["'self'", "'nonce-x'"] for each directive. */
function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(";")
      .map((d) => d.trim().split(/\s+/))
      .map(([name = "", ...values]) => [name, values]),
  );
}

describe("newNonce", () => {
  it("is 128 random bits in base64, new each time", () => {
    const nonces = new Set(Array.from({ length: 50 }, newNonce));
    expect(nonces.size).toBe(50);
    for (const n of nonces) expect(Buffer.from(n, "base64")).toHaveLength(16);
  });
});

describe("pageCsp", () => {
  it("allows scripts by the request's nonce only, and no eval, in production", () => {
    const policy = directives(pageCsp({ nonce: "abc123==", dev: false, https: true }));
    expect(policy.get("script-src")).toEqual(["'self'", "'nonce-abc123=='", "'strict-dynamic'"]);
    expect(policy.get("default-src")).toEqual(["'self'"]);
    expect(policy.get("object-src")).toEqual(["'none'"]);
    expect(policy.get("base-uri")).toEqual(["'self'"]);
    expect(policy.get("form-action")).toEqual(["'self'"]);
    expect(policy.get("frame-ancestors")).toEqual(["'none'"]);
    expect(policy.get("connect-src")).toEqual(["'self'"]);
    expect(policy.get("img-src")).toEqual(["'self'", "data:", "blob:"]);
    expect(policy.get("media-src")).toEqual(["'self'", "blob:", "data:", "https:"]);
    // Inline styles stay allowed: no nonce in style-src, or browsers would ignore 'unsafe-inline'.
    expect(policy.get("style-src")).toEqual(["'self'", "'unsafe-inline'"]);
    expect(policy.has("upgrade-insecure-requests")).toBe(true);
  });

  it("adds 'unsafe-eval' in development only", () => {
    expect(directives(pageCsp({ nonce: "n", dev: true, https: false })).get("script-src")).toContain("'unsafe-eval'");
    expect(directives(pageCsp({ nonce: "n", dev: false, https: false })).get("script-src")).not.toContain("'unsafe-eval'");
  });

  it("upgrades insecure requests only for an https app (on http it would break every request)", () => {
    expect(directives(pageCsp({ nonce: "n", dev: false, https: false })).has("upgrade-insecure-requests")).toBe(false);
  });
});

describe("API_CSP", () => {
  it("allows nothing and no framing", () => {
    expect(directives(API_CSP)).toEqual(
      new Map([
        ["default-src", ["'none'"]],
        ["frame-ancestors", ["'none'"]],
      ]),
    );
  });
});

describe("wantsHsts", () => {
  it("only in production on an https APP_URL", () => {
    expect(wantsHsts("production", "https://recepta.app")).toBe(true);
    expect(wantsHsts("production", "http://127.0.0.1:3000")).toBe(false);
    expect(wantsHsts("development", "https://recepta.app")).toBe(false);
    expect(wantsHsts("test", "https://recepta.app")).toBe(false);
  });
});
