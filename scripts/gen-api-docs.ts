// `npm run gen:api-docs`: writes docs/API.md, the API's reference for a reader, from the OpenAPI document the routes'
// declarations build (lib/platform/http/openapi.ts, served at GET /api/openapi.json): per route its method and path, who may call
// it, the query and body fields it reads and the fields it answers with. An object the schemas name (`.meta({ title })`,
// e.g. Profile) is listed once under "Shapes" and named where it appears. scripts/gen-api-docs.test.ts fails while
// the file is stale.
import { writeFileSync } from "node:fs";
import openapiTS, { astToString } from "openapi-typescript";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { API_ROUTES } from "../app/api/routes.generated";
import { openApiDocument } from "../lib/platform/http/openapi";

const ROOT = path.resolve(import.meta.dirname, "..");
export const DOCS_FILE = "docs/API.md";
export const TYPES_FILE = "lib/platform/client/api-paths.generated.ts";

type Schema = {
  type?: string | string[];
  title?: string;
  description?: string;
  format?: string;
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: Schema | boolean;
  $ref?: string;
};
type Media = { schema?: Schema };
type Answer = { description: string; content?: Record<string, Media> };
type Parameter = { name: string; in: string; required?: boolean; schema: Schema };
type Operation = {
  description: string;
  "x-policy": string;
  "x-roles"?: string[];
  parameters?: Parameter[];
  requestBody?: { content: Record<string, Media> };
  responses: Record<string, Answer>;
};
type Document = { paths: Record<string, Record<string, Operation>> };
type Row = { field: string; type: string; notes: string };

/** The document as GET /api/openapi.json serves it, read from the route modules themselves. */
export async function apiDocument(root = ROOT): Promise<Document> {
  const files = new Map(API_ROUTES.map((r) => [r.path, r.file]));
  const load = (address: string) => import(pathToFileURL(path.join(root, files.get(address)!)).href) as Promise<Record<string, unknown>>;
  return (await openApiDocument(API_ROUTES, load, "http://localhost:3000")) as unknown as Document;
}

const cell = (text: string) => text.replace(/\|/g, "\\|").replace(/\n+/g, " ");
const anchor = (title: string) =>
  `#${title
    .toLowerCase()
    .replace(/[^a-z0-9 -]/g, "")
    .replace(/ /g, "-")}`;

class Renderer {
  /** The named objects met so far, listed once at the end. */
  readonly shapes = new Map<string, Schema>();

  /** A schema's type in a few words; an object the schemas name is its name, linked to its shape. */
  typeOf(s: Schema): string {
    if (s.title && (s.properties || s.type === "object")) {
      if (!this.shapes.has(s.title)) this.shapes.set(s.title, s);
      return `[${s.title}](${anchor(s.title)})`;
    }
    if (s.$ref) return s.$ref.split("/").pop()!;
    if (s.const !== undefined) return JSON.stringify(s.const);
    if (s.enum) return s.enum.map((v) => JSON.stringify(v)).join(" | ");
    const variants = s.anyOf ?? s.oneOf;
    if (variants) return variants.map((v) => this.typeOf(v)).join(" | ");
    if (s.type === "array") return `${s.items ? this.wrap(this.typeOf(s.items)) : "any"}[]`;
    if (s.type === "object" || s.properties) {
      if (s.properties) return "object";
      return typeof s.additionalProperties === "object" ? `{ [key]: ${this.typeOf(s.additionalProperties)} }` : "object";
    }
    if (s.type === "string" && s.format === "date-time") return "date-time";
    if (Array.isArray(s.type)) return s.type.join(" | ");
    return s.type ?? "any";
  }

  private wrap(type: string): string {
    return type.includes(" | ") ? `(${type})` : type;
  }

  /** The nested, unnamed object a field holds (itself, in a list, or or-null), whose fields are listed under its own. */
  private inner(s: Schema): { schema: Schema; suffix: string } | null {
    if (s.title) return null;
    if (s.properties) return { schema: s, suffix: "" };
    if (s.type === "array" && s.items) {
      const item = this.inner(s.items);
      return item ? { schema: item.schema, suffix: `[]${item.suffix}` } : null;
    }
    const objects = (s.anyOf ?? s.oneOf ?? []).map((v) => this.inner(v)).filter((v) => v !== null);
    return objects.length === 1 ? objects[0]! : null;
  }

  /** One row per field, a nested object's fields after it as `parent.field`. */
  rows(s: Schema, prefix = ""): Row[] {
    const required = new Set(s.required ?? []);
    return Object.entries(s.properties ?? {}).flatMap(([name, field]) => {
      const label = `${prefix}${name}${required.has(name) ? "" : "?"}`;
      const row = { field: label, type: this.typeOf(field), notes: field.description ?? "" };
      const inner = this.inner(field);
      return [row, ...(inner ? this.rows(inner.schema, `${prefix}${name}${inner.suffix}.`) : [])];
    });
  }

  table(rows: Row[]): string[] {
    const notes = rows.some((r) => r.notes);
    const head = notes ? ["| Field | Type | Notes |", "|---|---|---|"] : ["| Field | Type |", "|---|---|"];
    return [...head, ...rows.map((r) => `| \`${cell(r.field)}\` | ${cell(r.type)} |${notes ? ` ${cell(r.notes)} |` : ""}`)];
  }

  /** A body: its fields as a table, or, for a named object, a list or a value, the type in one line. */
  body(title: string, s: Schema): string[] {
    const inner = s.properties && !s.title ? s : null;
    if (inner && Object.keys(inner.properties!).length) return [`${title}:`, "", ...this.table(this.rows(inner)), ""];
    if (inner) return [`${title}: \`{}\``, ""];
    const described = s.description ? ` (${s.description})` : "";
    return [`${title}: ${this.typeOf(s)}${described}`, ""];
  }
}

/** docs/API.md's text for `doc`. */
export function renderApiDocs(doc: Document): string {
  const r = new Renderer();
  const index: string[] = ["| Method | Path | Who | Success |", "|---|---|---|---|"];
  const sections: string[] = [];
  let group = "";
  // By address, so that each folder's routes read together; an address's methods in the usual order.
  const ORDER = ["get", "head", "post", "put", "patch", "delete", "options"];
  const operations = Object.entries(doc.paths)
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .flatMap(([address, item]) => ORDER.filter((m) => item[m]).map((m) => [address, m, item[m]!] as const));
  for (const [address, method, op] of operations) {
    const name = `${method.toUpperCase()} ${address}`;
    const successes = Object.keys(op.responses).filter((s) => /^[23]\d\d$/.test(s));
    const who = op["x-roles"] ? op["x-roles"].join(", ") : op["x-policy"];
    index.push(`| ${method.toUpperCase()} | [\`${address}\`](${anchor(name)}) | ${who} | ${successes.join(", ") || "none"} |`);
    const tag = address.split("/")[2]!;
    if (tag !== group) {
      group = tag;
      sections.push(`## ${tag}`, "");
    }
    sections.push(`### ${name}`, "", `**${op["x-policy"]}**: ${op.description}`, "");
    const inPath = (op.parameters ?? []).filter((p) => p.in === "path");
    if (inPath.length) sections.push(`Path: ${inPath.map((p) => `\`${p.name}\``).join(", ")}.`, "");
    const query = (op.parameters ?? []).filter((p) => p.in === "query");
    if (query.length) {
      const rows = query.map((p) => ({
        field: `${p.name}${p.required ? "" : "?"}`,
        type: r.typeOf(p.schema),
        notes: p.schema.description ?? "",
      }));
      sections.push("Query:", "", ...r.table(rows), "");
    }
    const body = op.requestBody?.content["application/json"]?.schema;
    if (body) sections.push(...r.body("Body", body));
    // The successes, and any other status the route answers with a body of its own (a probe's 503).
    const own = (status: string) => !!op.responses[status]!.content?.["application/json"]?.schema?.properties;
    const refusals = Object.keys(op.responses).filter((s) => !successes.includes(s) && !own(s));
    for (const status of Object.keys(op.responses).filter((s) => !refusals.includes(s))) {
      const answer = op.responses[status]!;
      const json = answer.content?.["application/json"]?.schema;
      const others = Object.keys(answer.content ?? {}).filter((t) => t !== "application/json" || !json);
      if (json) sections.push(...r.body(`**${status}**`, json));
      if (others.length) sections.push(`**${status}**: ${others.map((t) => `\`${t}\``).join(", ")}, not described here.`, "");
      if (!answer.content) sections.push(`**${status}**: no body. ${answer.description}`, "");
    }
    sections.push(`Refusals: ${refusals.join(", ")}.`, "");
  }
  // Rendering a shape can meet another (a profile's working hours): until no new one appears, then by name.
  const rendered = new Map<string, string[]>();
  for (let done = 0; done < r.shapes.size; done++) {
    const [title, s] = [...r.shapes.entries()][done]!;
    rendered.set(title, [`### ${title}`, "", ...(s.description ? [s.description, ""] : []), ...r.table(r.rows(s)), ""]);
  }
  const shapes = [...rendered.keys()].sort().flatMap((title) => rendered.get(title)!);
  return [
    "# The API",
    "",
    "<!-- Generated by scripts/gen-api-docs.ts from the route declarations: `npm run gen:api-docs`. Do not edit. -->",
    "",
    "Every route under `/api`, as its declaration in `app/api/**/route.ts` says (the same document, as OpenAPI 3.1, is",
    "served at `GET /api/openapi.json`). Bodies are JSON. **Who** may call it: **public**, anyone; **owner**, a signed-in",
    "account (the bearer token from sign-in or registration, or the session cookie); **admin**, a signed-in administrator;",
    "**webhook**, the vendor, whose signature the handler verifies. A field marked `?` may be absent. Every refusal is",
    "`{ message }` in the caller's language: 400 a field missing or invalid (the message names it), 401 no session, 403",
    "not an administrator, 404 nothing of the caller's there, 413 a body over 64 KiB, 415 a body that is not JSON; other",
    "4XX by route (409 a conflict, 429 too many attempts).",
    "",
    ...index,
    "",
    ...sections,
    "## Shapes",
    "",
    ...shapes,
  ]
    .join("\n")
    .replace(/\n+$/, "\n");
}

/**
 * The browser client's types (lib/platform/client/api.ts): every path, its methods, their parameters, bodies and
 * answers, written by openapi-typescript from the same document, so a path typo or a changed answer fails the type check.
 */
export async function renderApiTypes(document: Document): Promise<string> {
  const types = astToString(await openapiTS(document as unknown as Parameters<typeof openapiTS>[0]));
  return [
    "// Generated by scripts/gen-api-docs.ts (openapi-typescript) from the route declarations: `npm run gen:api-docs`.",
    "// Do not edit.",
    types,
  ].join("\n");
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const document = await apiDocument();
  const text = renderApiDocs(document);
  writeFileSync(path.join(ROOT, DOCS_FILE), text);
  console.log(`${DOCS_FILE}: ${text.split("\n").filter((l) => l.startsWith("### ")).length} sections`);
  writeFileSync(path.join(ROOT, TYPES_FILE), await renderApiTypes(document));
  console.log(`${TYPES_FILE}: ${Object.keys(document.paths).length} paths`);
  process.exit(0);
}
