import { describe, expect, it } from "vitest";
import { scrub, scrubText } from "./scrub";

describe("scrubText", () => {
  it.each([
    ["no business for jane.doe+tag@example.co.uk", "no business for [email]"],
    ["x@y.z", "[email]"],
    ["caller +33612345678 hung up", "caller [phone] hung up"],
    ["call +1 (555) 010-0199 now", "call [phone] now"],
    ["+44 20 7946 0958", "[phone]"],
    ["national 06 12 34 56 78, or 0612345678.", "national [phone], or [phone]."],
    ["555-010-0199-4", "[phone]"],
    ["Authorization: Bearer abc.def-ghi_jkl", "Authorization: [token]"],
    ["jwt eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U", "jwt [token]"],
    ["keys sk_live_51HxYzAbC and sk_test_4eC39HqLyjWDarjtT1zdp7dc", "keys [token] and [token]"],
    ["secret whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw", "secret [token]"],
    ["google ya29.a0AfH6SMBx-token", "google [token]"],
    ["key rk_Qm9vX3ZlcnlfbG9uZ19rZXlfdGhhdF9pc19yYW5k-_a refused", "key [token] refused"],
    ["GET /api/calendar-feed/Zm9vYmFyYmF6cXV4cXV1eF9mZWVkX3Rva2Vu.ics 200", "GET [token].ics 200"],
  ])("scrubs %j", (input, expected) => {
    expect(scrubText(input)).toBe(expected);
  });

  it.each([
    "appointment 3f2b8c1e-9d4a-4c6b-8f1e-123456789012 confirmed",
    "slot [2026-05-01 10:00] taken",
    "2026-05-01T10:00:00.000Z",
    "took 1234 ms, 3 retries, status 503",
    "node_modules/next-intl/dist/production.server.js",
    "host api.stripe.com port 443",
    "10.0.12.345",
  ])("leaves %j alone", (input) => {
    expect(scrubText(input)).toBe(input);
  });
});

describe("scrub", () => {
  it("scrubs strings at any depth, in a copy", () => {
    const input = { who: { notes: ["ring +33612345678", "mail a@b.fr"] }, count: 2, ok: true, none: null };
    expect(scrub(input)).toEqual({ who: { notes: ["ring [phone]", "mail [email]"] }, count: 2, ok: true, none: null });
    expect(input.who.notes[0]).toBe("ring +33612345678");
  });

  it("turns an error into its scrubbed name, message, code and stack", () => {
    const error = Object.assign(new Error("duplicate key for jane@example.com"), { code: "23505" });
    const out = scrub(error) as Record<string, unknown>;
    expect(out).toMatchObject({ type: "Error", message: "duplicate key for [email]", code: "23505" });
    expect(out.stack).toMatch(/^Error: duplicate key for \[email\]/);
  });

  it("stops at a depth limit rather than following a cycle", () => {
    const cyclic: Record<string, unknown> = { name: "a" };
    cyclic.self = cyclic;
    expect(JSON.stringify(scrub(cyclic))).toContain("[too deep]");
  });
});
