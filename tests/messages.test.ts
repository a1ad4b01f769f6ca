// Every key of English exists in French and Spanish and no more, with the same {placeholders}.
import { describe, expect, it } from "vitest";
import en from "@/messages/en.json";
import es from "@/messages/es.json";
import fr from "@/messages/fr.json";

const flat = (o: object, p = ""): [string, string][] =>
  Object.entries(o).flatMap(([k, v]) => (v && typeof v === "object" ? flat(v, `${p}${k}.`) : [[`${p}${k}`, String(v)]]));
const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe.each([
  ["fr", fr],
  ["es", es],
] as const)("messages/%s.json", (_, catalogue) => {
  const ours = new Map(flat(catalogue));
  it("has exactly the keys of en.json", () => {
    expect([...ours.keys()].sort()).toEqual(
      flat(en)
        .map(([k]) => k)
        .sort(),
    );
  });
  it("keeps every placeholder and translates every text", () => {
    for (const [key, text] of flat(en)) {
      expect(placeholders(ours.get(key) ?? ""), key).toEqual(placeholders(text));
      expect(ours.get(key)?.trim(), key).toBeTruthy();
    }
  });
});
