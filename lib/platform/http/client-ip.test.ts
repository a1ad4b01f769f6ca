import { describe, expect, it } from "vitest";
import { clientIp, limiterAddress } from "./client-ip";

const req = (xff: string) => new Request("http://localhost/api/auth/login", { headers: { "x-forwarded-for": xff } });

describe("clientIp", () => {
  it("without a trusted proxy, is the socket address server.mjs appended, whatever the client wrote before it", () => {
    expect(clientIp(req("6.6.6.6, 203.0.113.9"), 0)).toBe("203.0.113.9");
  });

  it("behind one proxy, is the address that proxy saw, not the one the client typed", () => {
    // client wrote 6.6.6.6; the proxy appended the client's real address; server.mjs appended the proxy's.
    expect(clientIp(req("6.6.6.6, 198.51.100.23, 10.0.0.2"), 1)).toBe("198.51.100.23");
    expect(clientIp(req("198.51.100.23, 10.0.0.2"), 1)).toBe("198.51.100.23");
  });

  it("behind two proxies, counts two hops from the right; a short chain falls back to its first entry", () => {
    expect(clientIp(req("6.6.6.6, 198.51.100.23, 10.0.0.3, 10.0.0.2"), 2)).toBe("198.51.100.23");
    expect(clientIp(req("10.0.0.2"), 2)).toBe("10.0.0.2");
  });
});

describe("limiterAddress", () => {
  it("counts an IPv6 client by its /64, whichever address of it they use", () => {
    const a = limiterAddress("2001:db8:aa:bb:1:2:3:4");
    expect(a).toBe("2001:0db8:00aa:00bb::/64");
    expect(limiterAddress("2001:db8:aa:bb::ffff")).toBe(a);
    expect(limiterAddress("2001:DB8:AA:BB:dead:beef::1")).toBe(a);
    expect(limiterAddress("2001:db8:aa:bc::1")).not.toBe(a);
  });

  it("reads compressed, bracketed and IPv4-mapped forms", () => {
    expect(limiterAddress("::1")).toBe("0000:0000:0000:0000::/64");
    expect(limiterAddress("[2001:db8::1]:443")).toBe("2001:0db8:0000:0000::/64");
    expect(limiterAddress("::ffff:192.0.2.7")).toBe("192.0.2.7");
    expect(limiterAddress("192.0.2.7")).toBe("192.0.2.7");
    expect(limiterAddress("unknown")).toBe("unknown");
  });
});
