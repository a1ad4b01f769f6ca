// The documents a newcomer starts from stay short and lead somewhere: the README is an entry (what Recepta is, how to
// start it and test it, its configuration, where to read next), the guides live under docs/, and every link between
// the documents points at a file that exists.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "..");
const read = (path: string) => readFileSync(join(root, path), "utf8");

const documents = [
  "README.md",
  "ARCHITECTURE.md",
  ...readdirSync(join(root, "docs")).map((f) => `docs/${f}`),
  ...readdirSync(join(root, "lib")).map((area) => `lib/${area}/README.md`),
].filter((path) => path.endsWith(".md") && existsSync(join(root, path)));

/** The relative links of a markdown text ("[text](path#anchor)"), without their anchors. */
function relativeLinks(text: string): string[] {
  return [...text.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((m) => m[1]!.split("#")[0]!)
    .filter((target) => target !== "" && !/^[a-z]+:/i.test(target));
}

describe("the documents", () => {
  it("keep the README an entry of at most 250 lines, with the two commands of the quick start", () => {
    const readme = read("README.md");
    expect(readme.split("\n").length).toBeLessThanOrEqual(250);
    expect(readme).toContain("npm ci && npm run db:seed && npm start");
    expect(readme).toContain("npm ci && npm test");
  });

  it("link only to files that exist", () => {
    expect(documents.length).toBeGreaterThan(10);
    const broken = documents.flatMap((path) =>
      relativeLinks(read(path))
        .filter((target) => !existsSync(join(root, dirname(path), target)))
        .map((target) => `${path} → ${target}`),
    );
    expect(broken).toEqual([]);
  });

  it("find a link that leads nowhere", () => {
    expect(relativeLinks("See [the guide](docs/missing.md#top), [a site](https://example.com) and [here](#anchor).")).toEqual([
      "docs/missing.md",
    ]);
  });
});
