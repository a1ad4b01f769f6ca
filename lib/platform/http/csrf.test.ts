import { describe, expect, it } from "vitest";
import { isCrossOriginRequest } from "./csrf";

const OURS = ["https://recepta.app", "http://10.0.0.5:3000"];
const refused = (method: string, headers: Record<string, string>) => isCrossOriginRequest(method, new Headers(headers), OURS);
const cookie = "authjs.session-token=abc";

describe("isCrossOriginRequest", () => {
  it("lets reads through whoever sends them", () => {
    for (const method of ["GET", "HEAD", "OPTIONS", "get"]) expect(refused(method, { origin: "https://evil.example", cookie })).toBe(false);
  });

  it("refuses a write whose Origin is not ours, with or without a cookie (a forged sign-in is forgery too)", () => {
    for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
      expect(refused(method, { origin: "https://evil.example", cookie }), method).toBe(true);
      expect(refused(method, { origin: "https://evil.example" }), method).toBe(true);
    }
    // A sibling subdomain is the same site (SameSite=Lax sends the cookie) but another origin.
    expect(refused("POST", { origin: "https://shop.recepta.app", cookie })).toBe(true);
    // Same host, other scheme or port: other origins.
    expect(refused("POST", { origin: "http://recepta.app", cookie })).toBe(true);
    expect(refused("POST", { origin: "https://recepta.app:8443", cookie })).toBe(true);
    // Sandboxed frames and data: pages send "null".
    expect(refused("POST", { origin: "null", cookie })).toBe(true);
  });

  it("lets a write from one of our origins through (APP_URL's, or the one the request was addressed to)", () => {
    expect(refused("POST", { origin: "https://recepta.app", cookie })).toBe(false);
    expect(refused("DELETE", { origin: "http://10.0.0.5:3000", cookie })).toBe(false);
  });

  it("lets a bearer token through from anywhere: no other page can attach one, and the cookie is then not read", () => {
    expect(refused("POST", { origin: "https://evil.example", cookie, authorization: "Bearer eyJ.token" })).toBe(false);
    // Not a bearer token: the Origin still decides.
    expect(refused("POST", { origin: "https://evil.example", cookie, authorization: "Basic dXNlcjpwYXNz" })).toBe(true);
    expect(refused("POST", { origin: "https://evil.example", cookie, authorization: "Bearer " })).toBe(true);
  });

  it("without Origin, trusts Sec-Fetch-Site only when it says same-origin (or a user's own navigation)", () => {
    expect(refused("POST", { "sec-fetch-site": "same-origin", cookie })).toBe(false);
    expect(refused("POST", { "sec-fetch-site": "none", cookie })).toBe(false);
    expect(refused("POST", { "sec-fetch-site": "same-site", cookie })).toBe(true);
    expect(refused("POST", { "sec-fetch-site": "cross-site", cookie })).toBe(true);
    // Sec-Fetch-Site is the browser's own word: a Referer cannot overrule it.
    expect(refused("POST", { "sec-fetch-site": "cross-site", referer: "https://recepta.app/dashboard", cookie })).toBe(true);
  });

  it("without Origin or Sec-Fetch-Site, falls back to the Referer's origin", () => {
    expect(refused("POST", { referer: "https://recepta.app/dashboard/profile?tab=1", cookie })).toBe(false);
    expect(refused("POST", { referer: "https://evil.example/recepta.app", cookie })).toBe(true);
    expect(refused("POST", { referer: "not a url", cookie })).toBe(true);
  });

  it("lets clients that are not browsers through: they send none of the three headers and carry no one else's cookie", () => {
    expect(refused("POST", { cookie })).toBe(false);
    expect(refused("POST", {})).toBe(false);
  });
});
