// The documents a newcomer starts from stay short and lead somewhere: the README is an entry (what Recepta is, how to
// start it and test it, its configuration, where to read next), the guides live under docs/, every link between the
// documents points at a file that exists (and a `#anchor` at one of its headings), and the configuration table lists
// exactly what the code reads and .env.example offers.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "..");
const read = (path: string) => readFileSync(join(root, path), "utf8");

/** Every file under a folder, as paths from the repository root. */
function filesUnder(folder: string): string[] {
  return readdirSync(join(root, folder), { recursive: true, encoding: "utf8" })
    .map((name) => join(folder, name))
    .filter((path) => statSync(join(root, path)).isFile());
}

const documents = [
  "README.md",
  "ARCHITECTURE.md",
  ...filesUnder("docs").filter((path) => path.endsWith(".md")),
  ...filesUnder("lib").filter((path) => path.endsWith("/README.md")),
];

/** The text outside fenced code blocks and inline code, where a link or a heading means one. */
function prose(text: string): string {
  return text.replace(/^```[\s\S]*?^```/gm, "").replace(/`[^`\n]*`/g, "``");
}

/** The relative links of a markdown text ("[text](path#anchor)"), as { path, anchor }; "" is the document itself. */
function relativeLinks(text: string): { path: string; anchor: string | null }[] {
  return [...prose(text).matchAll(/\]\(([^)\s]+)\)/g)]
    .map((m) => m[1]!)
    .filter((target) => !/^[a-z]+:/i.test(target))
    .map((target) => {
      const [path, anchor] = target.split("#", 2) as [string, string | undefined];
      return { path, anchor: anchor ?? null };
    });
}

/** The anchors GitHub gives a document's headings: lowercased, punctuation dropped, spaces as hyphens, repeats numbered. */
function anchors(text: string): Set<string> {
  const seen = new Map<string, number>();
  const result = new Set<string>();
  for (const m of text.replace(/^```[\s\S]*?^```/gm, "").matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const slug = m[1]!
      .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, "")
      .replace(/\s/g, "-");
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    result.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return result;
}

/** Where each link of a document leads nowhere, as "document → target". */
function brokenLinks(path: string): string[] {
  return relativeLinks(read(path)).flatMap(({ path: target, anchor }) => {
    const file = target === "" ? path : relative(root, join(root, dirname(path), target));
    const shown = `${path} → ${target}${anchor === null ? "" : `#${anchor}`}`;
    if (!existsSync(join(root, file))) return [shown];
    if (anchor === null || !file.endsWith(".md")) return [];
    return anchors(read(file)).has(decodeURIComponent(anchor)) ? [] : [shown];
  });
}

/** The variables named in the first column of the README's configuration table. */
function readmeVariables(): Set<string> {
  const section = read("README.md")
    .split(/^## /m)
    .find((s) => s.startsWith("Environment variables"));
  if (!section) throw new Error("README.md has no Environment variables section");
  const firstCells = section.split("\n").flatMap((line) => (line.startsWith("| `") ? [line.split("|")[1]!] : []));
  return new Set(firstCells.flatMap((cell) => [...cell.matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((m) => m[1]!)));
}

/** The variables lib/platform/env.ts validates: the keys of its schema object. */
function envModuleVariables(): Set<string> {
  const source = read("lib/platform/env.ts");
  const body = source.slice(source.indexOf("const schema = z.object({"), source.indexOf("\n});", source.indexOf("const schema")));
  return new Set([...body.matchAll(/^ {2}([A-Z][A-Z0-9_]+):/gm)].map((m) => m[1]!));
}

/** The variables .env.example offers, set or commented out ("# NAME=…"). */
function exampleVariables(): Set<string> {
  return new Set([...read(".env.example").matchAll(/^#?\s*([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]!));
}

/** Set by the launcher (scripts/runtime.ts, scripts/launch.ts), never in a .env file: the README names them, the example does not. */
const SET_BY_LAUNCHER = new Set(["NODE_ENV", "RECEPTA_EMBEDDED_DB"]);

const sorted = (set: Set<string>) => [...set].sort();

describe("the documents", () => {
  it("keep the README an entry of at most 250 lines, with the two commands of the quick start", () => {
    const readme = read("README.md");
    expect(readme.split("\n").length).toBeLessThanOrEqual(250);
    expect(readme).toContain("npm ci && npm run db:seed && npm start");
    expect(readme).toContain("npm ci && npm test");
  });

  it("link only to files that exist, and to headings those files have", () => {
    expect(documents.length).toBeGreaterThan(20);
    expect(documents.flatMap(brokenLinks)).toEqual([]);
  });

  it("find a link that leads nowhere, and an anchor no heading gives", () => {
    expect(relativeLinks("See [the guide](docs/missing.md#top), [a site](https://example.com), [here](#anchor) and `[x](y)`.")).toEqual([
      { path: "docs/missing.md", anchor: "top" },
      { path: "", anchor: "anchor" },
    ]);
    expect(sorted(anchors("# Quick start\n## The `npm test` run, step 2\n## Quick start\n```\n# not a heading\n```"))).toEqual([
      "quick-start",
      "quick-start-1",
      "the-npm-test-run-step-2",
    ]);
  });
});

describe("the README's environment variables", () => {
  it("are every variable lib/platform/env.ts reads", () => {
    const readme = readmeVariables();
    expect(sorted(envModuleVariables()).filter((name) => !readme.has(name))).toEqual([]);
  });

  it("are exactly those of .env.example, with the ones the launcher sets", () => {
    const expected = new Set([...exampleVariables(), ...SET_BY_LAUNCHER]);
    expect(sorted(readmeVariables())).toEqual(sorted(expected));
  });

  it("leave out of .env.example only what the launcher sets", () => {
    const example = exampleVariables();
    expect(sorted(envModuleVariables()).filter((name) => !example.has(name) && !SET_BY_LAUNCHER.has(name))).toEqual([]);
  });
});
