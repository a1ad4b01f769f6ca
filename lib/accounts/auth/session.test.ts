import { describe, expect, it } from "vitest";
import { clearSessionCookieHeader, sessionCookieHeader } from "./session";

const expires = new Date("2030-01-01T00:00:00Z");
const secret = "s";

describe("session cookie", () => {
  it("is Secure, and __Secure- prefixed, when the app is served over https", () => {
    const set = sessionCookieHeader({ secret, appUrl: "https://recepta.app" }, "tok", expires);
    expect(set).toMatch(/^__Secure-authjs\.session-token=tok;/);
    expect(set.split("; ")).toEqual(expect.arrayContaining(["HttpOnly", "SameSite=Lax", "Path=/", "Secure"]));
    expect(clearSessionCookieHeader({ secret, appUrl: "https://recepta.app" }).split("; ")).toEqual(
      expect.arrayContaining(["__Secure-authjs.session-token=", "Max-Age=0", "Secure"]),
    );
  });

  it("is not Secure on plain http (a local run)", () => {
    const set = sessionCookieHeader({ secret, appUrl: "http://127.0.0.1:3000" }, "tok", expires);
    expect(set).toMatch(/^authjs\.session-token=tok;/);
    expect(set.split("; ")).toEqual(expect.arrayContaining(["HttpOnly", "SameSite=Lax"]));
    expect(set.split("; ")).not.toContain("Secure");
    expect(clearSessionCookieHeader({ secret, appUrl: "http://127.0.0.1:3000" }).split("; ")).not.toContain("Secure");
  });
});
