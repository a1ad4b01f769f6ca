import { describe, expect, it } from "vitest";
import { isPublicAddress } from "./public-address";

describe("isPublicAddress", () => {
  it("lets only public unicast addresses through", () => {
    for (const ok of ["8.8.8.8", "93.184.215.14", "2606:4700:4700::1111"]) expect(isPublicAddress(ok), ok).toBe(true);
    for (const refused of [
      "127.0.0.1",
      "10.1.2.3",
      "172.16.0.1",
      "192.168.1.1",
      "169.254.169.254",
      "100.64.0.1",
      "0.0.0.0",
      "224.0.0.1",
      "255.255.255.255",
      "::1",
      "::",
      "fe80::1",
      "fc00::1",
      "fd12:3456::1",
      "ff02::1",
      "::ffff:127.0.0.1",
      "::ffff:10.0.0.1",
      "64:ff9b::a00:1",
      "2002:a00:1::",
      "198.18.0.1",
      "192.0.0.5",
      "240.0.0.1",
      "fec0::1",
      "2001:db8::1",
      "::127.0.0.1",
      "::a00:1",
      "not an address",
    ])
      expect(isPublicAddress(refused), refused).toBe(false);
  });
});
