// Rooms of a livable size: no product file (pages, components, lib, the schema) over 500 lines, so each can be read in
// one sitting. Tests, generated files and migrations are left out: they are read differently, or not by hand.
import { readFileSync } from "node:fs";
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "..");
const MAX_LINES = 500;

/** Product files tracked by git, with their line counts. */
function productFiles(): { path: string; lines: number }[] {
  const tracked = execFileSync("git", ["ls-files", "app", "components", "lib", "db", "proxy.ts"], { cwd: root, encoding: "utf8" })
    .split("\n")
    .filter((path) => /\.(ts|tsx)$/.test(path))
    .filter((path) => !/\.test\.tsx?$|\.generated\.ts$|^db\/migrations\/|^lib\/platform\/phone\/time-zone-countries\.ts$/.test(path));
  return tracked.map((path) => ({ path, lines: readFileSync(join(root, path), "utf8").split("\n").length }));
}

describe("the product files", () => {
  it(`are at most ${MAX_LINES} lines each`, () => {
    const files = productFiles();
    expect(files.length).toBeGreaterThan(200);
    expect(files.filter((f) => f.lines > MAX_LINES).map((f) => `${f.path}: ${f.lines} lines`)).toEqual([]);
  });
});
