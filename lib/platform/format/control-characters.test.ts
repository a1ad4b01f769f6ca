import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { findControlCharacters, hasControlCharacters, stripControlCharacters, withoutControlCharacters } from "./control-characters";

describe("hasControlCharacters", () => {
  it("flags NUL, the other C0 controls, DEL, U+FFFE/U+FFFF and lone surrogates", () => {
    for (const bad of [
      "\u0000",
      "a\u0001",
      "\u0008",
      "\u000B",
      "\u000C",
      "\u001B[31m",
      "\u007F",
      "\uFFFE",
      "\uFFFF",
      "\uD800",
      "x\uDFFFy",
      "\uDBFF\uDBFF\uDC00",
    ]) {
      expect(hasControlCharacters(bad), JSON.stringify(bad)).toBe(true);
    }
  });

  it("accepts tab, line feed, carriage return, accents, emoji and other scripts", () => {
    for (const good of ["Line one\nline two\r\n\tindented", "Élodie Müller-Ñúñez", "😀 👩‍⚕️", "東京", "", "\u00A0\u2028"]) {
      expect(hasControlCharacters(good), JSON.stringify(good)).toBe(false);
    }
  });
});

describe("stripControlCharacters", () => {
  it("removes exactly the forbidden characters and keeps surrogate pairs whole", () => {
    expect(stripControlCharacters("Ja\u0000ne\u0007 Doe\n😀\uD800")).toBe("Jane Doe\n😀");
  });

  it("removes the direction controls, which hasControlCharacters does not flag, and keeps the marks RTL text uses", () => {
    const spoofed = "Jean\u202Eeiram\u202C \u2066Dupont\u2069 \u202A\u202B\u202D\u2067\u2068";
    expect(hasControlCharacters(spoofed)).toBe(false);
    expect(stripControlCharacters(spoofed)).toBe("Jeaneiram Dupont ");
    // Left-to-right and right-to-left marks (U+200E, U+200F) reorder nothing after them: kept.
    expect(stripControlCharacters("\u05e9\u05dc\u05d5\u05dd\u200F!")).toBe("\u05e9\u05dc\u05d5\u05dd\u200F!");
    expect(withoutControlCharacters({ ["k\u202E"]: ["\u2066a"] })).toEqual({ k: ["a"] });
  });

  it("never leaves a forbidden character behind", () => {
    fc.assert(
      fc.property(
        fc.string({ unit: "binary" }),
        fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)) }),
        (a, b) => {
          expect(hasControlCharacters(stripControlCharacters(a + b))).toBe(false);
        },
      ),
      { seed: 42, numRuns: 300 },
    );
  });
});

describe("findControlCharacters", () => {
  it("gives the path of the first bad value, or of the object holding a bad key", () => {
    expect(findControlCharacters({ a: "ok", workingHours: { monday: { openTime: "09\u000000" } } })).toEqual([
      "workingHours",
      "monday",
      "openTime",
    ]);
    expect(findControlCharacters({ services: ["ok", "b\u0000d"] })).toEqual(["services", 1]);
    expect(findControlCharacters({ workingHours: { "mon\u0000day": {} } })).toEqual(["workingHours", "mon\u0000day"]);
    expect(findControlCharacters({ a: 1, b: [true, null, { c: "fine" }] })).toBeNull();
    expect(findControlCharacters("\u0000")).toEqual([]);
  });

  it("walks a body nested 30 000 levels deep without overflowing the stack", () => {
    const deep = JSON.parse(`${"[".repeat(30_000)}"\\u0000"${"]".repeat(30_000)}`);
    expect(findControlCharacters(deep)).toHaveLength(30_000);
  });
});

describe("withoutControlCharacters", () => {
  it("returns a cleaned copy and leaves the original alone", () => {
    const original = { message: { artifact: { transcript: "AI: Hello\u0000\nUser: Hi" }, list: ["a\u0001", 1, null] } };
    const copy = withoutControlCharacters(original);
    expect(copy).toEqual({ message: { artifact: { transcript: "AI: Hello\nUser: Hi" }, list: ["a", 1, null] } });
    expect(original.message.artifact.transcript).toBe("AI: Hello\u0000\nUser: Hi");
  });

  it("returns the very value when there is nothing to clean", () => {
    const clean = { a: { b: ["c"] } };
    expect(withoutControlCharacters(clean)).toBe(clean);
  });

  it("cleans keys without letting one turn into a prototype", () => {
    const copy = withoutControlCharacters(JSON.parse('{"__pro\\u0000to__": {"polluted": true}, "na\\u0000me": "x"}')) as Record<
      string,
      unknown
    >;
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(Object.keys(copy).sort()).toEqual(["__proto__", "name"]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("copies a deeply nested value without overflowing the stack", () => {
    const deep = JSON.parse(`${"[".repeat(30_000)}"\\u0000x"${"]".repeat(30_000)}`);
    let node: unknown = withoutControlCharacters(deep);
    for (let i = 0; i < 30_000; i++) node = (node as unknown[])[0];
    expect(node).toBe("x");
  });
});
