// The words owners read: one name for the test environment in every language, and French punctuation that stays
// with its word (a line that starts with "»" or "?" reads as a mistake).
import { describe, expect, it } from "vitest";
import es from "@/messages/es.json";
import fr from "@/messages/fr.json";
import { misspaced, PLAIN_NAMESPACES } from "@/scripts/french-spaces";

const flat = (o: object, p = ""): [string, string][] =>
  Object.entries(o).flatMap(([k, v]) => (v && typeof v === "object" ? flat(v, `${p}${k}.`) : [[`${p}${k}`, String(v)]]));

// The calendar stand-in's app password is typed as written, so it is the one "sandbox" a translation keeps.
const LITERALS = /sandbox-test-code/g;

describe.each([
  ["fr", fr, /bac à sable|sandbox/i],
  ["es", es, /sandbox/i],
] as const)("messages/%s.json", (_, catalogue, english) => {
  it("names the test environment in its own language, never with the English word", () => {
    const found = flat(catalogue).filter(([, text]) => english.test(text.replace(LITERALS, "")));
    expect(found.map(([key, text]) => `${key}: ${text}`)).toEqual([]);
  });
});

describe("messages/fr.json", () => {
  const shown = flat(fr).filter(([key]) => !PLAIN_NAMESPACES.has(key.split(".")[0]!));
  it("keeps « » and ; : ! ? with their words by no-break spaces on screen", () => {
    expect(shown.length).toBeGreaterThan(1000);
    const found = shown.flatMap(([key, text]) => misspaced(text).map((at) => `${key}: "${at}"`));
    expect(found).toEqual([]);
  });
  it("says with plain spaces what is spoken, texted or mailed", () => {
    const found = flat(fr).filter(([key, text]) => PLAIN_NAMESPACES.has(key.split(".")[0]!) && /[\u00a0\u202f]/.test(text));
    expect(found.map(([key]) => key)).toEqual([]);
  });
});
