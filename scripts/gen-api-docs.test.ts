// docs/API.md is the API's reference for a reader: it must say what the route declarations say.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { apiDocument, DOCS_FILE, renderApiDocs, renderApiTypes, TYPES_FILE } from "./gen-api-docs";

describe("the API reference (docs/API.md)", () => {
  it("is what the route declarations say now", async () => {
    const committed = readFileSync(path.resolve(DOCS_FILE), "utf8");
    expect(committed === renderApiDocs(await apiDocument()), `${DOCS_FILE} is stale: run npm run gen:api-docs`).toBe(true);
  });

  it("gives the browser's client the types the declarations say now", async () => {
    const committed = readFileSync(path.resolve(TYPES_FILE), "utf8");
    expect(committed === (await renderApiTypes(await apiDocument())), `${TYPES_FILE} is stale: run npm run gen:api-docs`).toBe(true);
  });

  it("names each route's callers, what it reads and the fields it answers with", async () => {
    const text = renderApiDocs(await apiDocument());
    const section = (heading: string) => text.split(`### ${heading}\n`)[1]!.split("\n### ")[0]!;
    const login = section("POST /api/auth/login");
    expect(login).toContain("**public**");
    expect(login).toContain("| `email` | string |");
    expect(login).toContain("| `user` | [Profile](#profile) |");
    expect(section("GET /api/admin/phone-numbers/available")).toContain("| `phoneNumbers[].phoneNumber` | string |");
    expect(section("GET /api/admin/users")).toContain("**admin**");
    expect(section("GET /api/billing/checkout")).toContain("on to /#pricing instead (303)");
    expect(section("Profile")).toContain("| `telnyxPhoneNumber` | string \\| null |");
  });
});
