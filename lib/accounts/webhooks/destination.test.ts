import { describe, expect, it } from "vitest";
import { checkDestination, DestinationRefused, pinnedLookup, readUrl } from "./destination";

const problem = async (run: () => unknown) => {
  try {
    await run();
  } catch (e) {
    return e instanceof DestinationRefused ? e.problem : "other";
  }
  return null;
};

describe("webhook destinations", () => {
  it("reads the address's own rules before any lookup", async () => {
    expect(await problem(() => readUrl("http://hooks.example.com/x", false))).toBe("webhookUrlNotHttps");
    expect(await problem(() => readUrl("http://hooks.example.com/x", true))).toBeNull();
    expect(await problem(() => readUrl("https://a:b@hooks.example.com/x", false))).toBe("webhookUrlCredentials");
    expect(await problem(() => readUrl("ftp://hooks.example.com/x", true))).toBe("webhookUrlInvalid");
    expect(await problem(() => readUrl("hooks.example.com", false))).toBe("webhookUrlInvalid");
  });

  it("refuses a name if any of its addresses is private, and local names without a lookup", async () => {
    const both = () =>
      Promise.resolve([
        { address: "93.184.215.14", family: 4 },
        { address: "10.0.0.1", family: 4 },
      ]);
    const none = () => Promise.reject(new Error("ENOTFOUND"));
    const url = new URL("https://hooks.example.com/x");
    expect(await problem(() => checkDestination(url, { resolve: both, allowPrivate: false }))).toBe("webhookUrlPrivate");
    expect(await problem(() => checkDestination(url, { resolve: none, allowPrivate: false }))).toBe("webhookUrlUnresolvable");
    // A name whose DNS never answers is refused rather than holding the attempt.
    const silent = () => new Promise<never>(() => {});
    expect(await problem(() => checkDestination(url, { resolve: silent, allowPrivate: false }))).toBe("webhookUrlUnresolvable");
    expect(await problem(() => checkDestination(new URL("https://api.localhost/x"), { resolve: none, allowPrivate: false }))).toBe(
      "webhookUrlPrivate",
    );
    expect(await checkDestination(url, { resolve: both, allowPrivate: true })).toEqual({ address: "93.184.215.14", family: 4 });
  });

  it("answers the pinned address to a lookup, for one address or all", () => {
    const lookup = pinnedLookup({ address: "93.184.215.14", family: 4 });
    const one: unknown[] = [];
    lookup("elsewhere.example", {}, (...args) => one.push(...args));
    expect(one).toEqual([null, "93.184.215.14", 4]);
    const all: unknown[] = [];
    lookup("elsewhere.example", { all: true }, (...args) => all.push(...args));
    expect(all).toEqual([null, [{ address: "93.184.215.14", family: 4 }]]);
  });
});
