// `npm run gen:routes`: writes app/api/routes.generated.ts, the API's route table, from the route files themselves.
// For each app/api/**/route.ts: its address, the pattern Next.js matches it with, its dynamic segments, the methods it
// exports and the policy it declares (`route.public(`, `route.owner(`, `route.admin(`, `route.webhook(`,
// `route.raw("public", …)`: lib/server/api-route.ts), and whether its GETs change something (`stateChanging: true` or
// `stateChanging: { page: "/…" }`), and the API key scope each method declares (`scope: "appointments:read"`). The proxy gates by this table without loading any handler, and the integration
// tests call handlers through it. scripts/gen-api-routes.test.ts fails while the file is stale, and
// checks each policy and flag read here against the ones the exported handler carries at run time.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { API_SCOPES, type ApiScope } from "../db/schema/integrations";
import { FALLBACK_PATH, type ApiPolicy, type StateChanging } from "../lib/platform/http/api-routes";
import { ROLES, type RoleSet } from "../lib/platform/shared/roles";

const ROOT = path.resolve(import.meta.dirname, "..");
export const TABLE_FILE = "app/api/routes.generated.ts";
export const MODULES_FILE = "app/api/route-modules.generated.ts";

const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;
const POLICIES: readonly ApiPolicy[] = ["public", "owner", "admin", "webhook"];

type Entry = {
  path: string;
  pattern: string;
  params: string[];
  methods: string[];
  policy: ApiPolicy;
  stateChanging?: StateChanging;
  scopes?: Partial<Record<string, ApiScope>>;
  roles?: Partial<Record<string, RoleSet>>;
  file: string;
  ranks: number[];
};

function routeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    // Next.js leaves "_folders" out of routing.
    if (e.isDirectory()) return e.name.startsWith("_") ? [] : routeFiles(p);
    return e.name === "route.ts" ? [p] : [];
  });
}

function entryOf(file: string, source: string): Entry {
  const segments = path.dirname(file).split("/").slice(1); // drop "app"
  const params: string[] = [];
  const ranks: number[] = [];
  let pattern = "";
  for (const seg of segments) {
    // A route group "(name)" is not part of the address.
    if (/^\(.+\)$/.test(seg)) continue;
    const rest = /^\[\.\.\.(\w+)\]$/.exec(seg);
    const one = /^\[(\w+)\]$/.exec(seg);
    if (seg.startsWith("[[")) throw new Error(`${file}: optional catch-all segments are not supported by the route table`);
    if (rest) {
      pattern += "/(.+)";
      params.push(`...${rest[1]}`);
      ranks.push(2);
    } else if (one) {
      pattern += "/([^/]+)";
      params.push(one[1]!);
      ranks.push(1);
    } else {
      pattern += `/${seg.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`;
      ranks.push(0);
    }
  }
  const address = `/${segments.filter((s) => !/^\(.+\)$/.test(s)).join("/")}`;

  const methods = METHODS.filter(
    (m) =>
      new RegExp(`export\\s+const\\s+${m}\\s*=`).test(source) ||
      new RegExp(`export\\s+(async\\s+)?function\\s+${m}\\b`).test(source) ||
      [...source.matchAll(/export\s+const\s*\{([^}]*)\}\s*=/g)].some((d) => d[1]!.split(",").some((n) => n.trim() === m)),
  );
  if (methods.length === 0) throw new Error(`${file}: exports no HTTP method`);

  const declared = new Set<ApiPolicy>();
  for (const m of source.matchAll(/\broute\.(\w+)\s*(?:<[^>]*>)?\(\s*(?:"(\w+)")?/g)) {
    const policy = (m[1] === "raw" ? m[2] : m[1]) as ApiPolicy;
    if (!POLICIES.includes(policy)) throw new Error(`${file}: unknown policy in "${m[0]}"`);
    declared.add(policy);
  }
  if (declared.size > 1) {
    // The proxy gates an address, not a method: one address, one policy.
    throw new Error(`${file}: declares more than one policy (${[...declared].join(", ")}); split the route or use one`);
  }
  const policy = [...declared][0];
  if (!policy) {
    throw new Error(`${file}: no policy declared; wrap each handler in route.public/owner/admin/webhook (lib/server/api-route.ts)`);
  }
  // The proxy asks for an admin on every address under /api/admin/, served or not (a caller who is not one learns
  // nothing of which exist there): a route's folder and its policy must agree.
  if ((policy === "admin") !== address.startsWith("/api/admin/") && address !== FALLBACK_PATH) {
    throw new Error(`${file}: admin routes live under app/api/admin/, and only admin routes do (policy "${policy}")`);
  }
  const stateChanging = stateChangingOf(file, source);
  if (stateChanging && !methods.includes("GET")) throw new Error(`${file}: stateChanging is for GETs, and the route exports none`);
  const scopes = scopesOf(file, source);
  if (scopes && policy !== "owner") throw new Error(`${file}: an API key scope is for owner routes (policy "${policy}")`);
  const roles = rolesOf(file, source);
  if ((roles !== undefined) !== (policy === "owner"))
    throw new Error(`${file}: an owner route declares its roles, and only an owner route`);
  const missing = policy === "owner" ? methods.filter((m) => !roles?.[m]) : [];
  if (missing.length) throw new Error(`${file}: ${missing.join(", ")} declare no roles (\`roles: ROLES.<set>\`)`);
  return { path: address, pattern: `^${pattern}$`, params, methods, policy, stateChanging, scopes, roles, file, ranks };
}

/**
 * The roles in the practice each method allows, read as text like the scope: `roles: ROLES.<set>` in the method's own
 * declaration (a handler shared by two methods counts for each that exports it). Comments are skipped.
 */
export function rolesOf(file: string, source: string): Partial<Record<string, RoleSet>> | undefined {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|\s)\/\/[^\n]*/g, "$1");
  const exports = [...code.matchAll(/export\s+const\s+(GET|HEAD|POST|PUT|PATCH|DELETE|OPTIONS)\s*=\s*(\w+)?/g)];
  const roles: Partial<Record<string, RoleSet>> = {};
  const shared = new Map<string, RoleSet>();
  for (const m of code.matchAll(/\broles\s*:/g)) {
    const name = /^\s*ROLES\.(\w+)/.exec(code.slice(m.index + m[0].length))?.[1];
    if (!name || !(name in ROLES)) throw new Error(`${file}: write the roles as \`roles: ROLES.<${Object.keys(ROLES).join(" | ")}>\``);
    const set = ROLES[name as keyof typeof ROLES];
    const method = exports.filter((e) => e.index < m.index).at(-1)?.[1];
    if (method) roles[method] = set;
    else {
      // `const claim = route.owner({ roles: … })`, exported as GET and POST.
      const constant = [...code.slice(0, m.index).matchAll(/const\s+(\w+)\s*=\s*route\.owner\(/g)].at(-1)?.[1];
      if (!constant) throw new Error(`${file}: declare the roles in the method's own \`export const METHOD = route.owner({ roles: … })\``);
      shared.set(constant, set);
    }
  }
  for (const e of exports) if (e[2] && shared.has(e[2])) roles[e[1]!] = shared.get(e[2])!;
  return Object.keys(roles).length ? roles : undefined;
}

/**
 * The file's `stateChanging` flag, read as text (the proxy's table is built without loading a handler): one per file.
 * Comments are skipped; the object form may span lines, as Prettier writes it.
 */
export function stateChangingOf(file: string, source: string): StateChanging | undefined {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|\s)\/\/[^\n]*/g, "$1");
  const flags = new Set<string>();
  for (const m of code.matchAll(/\bstateChanging\s*:/g)) {
    const value = /^\s*(?:(true)\b|\{\s*page\s*:\s*"([^"\\]+)"\s*,?\s*\})/.exec(code.slice(m.index + m[0].length));
    if (!value) throw new Error(`${file}: write the flag as \`stateChanging: true\` or \`stateChanging: { page: "/…" }\``);
    flags.add(value[1] ?? `page:${value[2]}`);
  }
  if (flags.size > 1) throw new Error(`${file}: declares more than one stateChanging flag; the proxy reads one per address`);
  const [flag] = flags;
  if (flag === undefined) return undefined;
  return flag === "true" ? true : { page: flag.slice("page:".length) };
}

/**
 * The API key scope of each method, read as text like the flag: a `scope: "…"` belongs to the `export const METHOD =`
 * it follows, so it must be written in the method's own declaration. Comments are skipped.
 */
export function scopesOf(file: string, source: string): Partial<Record<string, ApiScope>> | undefined {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|\s)\/\/[^\n]*/g, "$1");
  const exports = [...code.matchAll(/export\s+const\s+(GET|HEAD|POST|PUT|PATCH|DELETE|OPTIONS)\s*=/g)];
  const scopes: Partial<Record<string, ApiScope>> = {};
  for (const m of code.matchAll(/\bscope\s*:/g)) {
    const value = /^\s*"([^"\\]+)"/.exec(code.slice(m.index + m[0].length))?.[1];
    if (!value || !(API_SCOPES as readonly string[]).includes(value)) {
      throw new Error(`${file}: write the scope as \`scope: "<one of ${API_SCOPES.join(", ")}>"\``);
    }
    const method = exports.filter((e) => e.index < m.index).at(-1)?.[1];
    if (!method) throw new Error(`${file}: declare the scope in the method's own \`export const METHOD = route.owner({ scope: … })\``);
    if (scopes[method]) throw new Error(`${file}: ${method} declares more than one scope`);
    scopes[method] = value as ApiScope;
  }
  return Object.keys(scopes).length ? scopes : undefined;
}

/** Next.js's order: at the first segment where two addresses differ in kind, static before dynamic before catch-all. */
function byPrecedence(a: Entry, b: Entry): number {
  for (let i = 0; i < Math.min(a.ranks.length, b.ranks.length); i++) {
    if (a.ranks[i] !== b.ranks[i]) return a.ranks[i]! - b.ranks[i]!;
  }
  return a.ranks.length - b.ranks.length || a.path.localeCompare(b.path);
}

/** The table's source text, as the committed file must read. */
export function generateApiRoutes(root = ROOT): string {
  const entries = routeFiles(path.join(root, "app", "api"))
    .map((abs) => path.relative(root, abs).split(path.sep).join("/"))
    .map((file) => entryOf(file, readFileSync(path.join(root, file), "utf8")))
    .sort(byPrecedence);
  const str = (s: string) => JSON.stringify(s);
  const list = (xs: string[]) => `[${xs.map(str).join(", ")}]`;
  const flag = (f: StateChanging | undefined) =>
    f === undefined ? "" : ` stateChanging: ${f === true ? "true" : `{ page: ${str(f.page)} }`},`;
  const scopes = (s: Entry["scopes"]) =>
    s === undefined
      ? ""
      : ` scopes: { ${Object.entries(s)
          .map(([m, scope]) => `${m}: ${str(scope!)}`)
          .join(", ")} },`;
  const roles = (r: Entry["roles"]) =>
    r === undefined
      ? ""
      : ` roles: { ${Object.entries(r)
          .map(([m, set]) => `${m}: ${list([...set!])}`)
          .join(", ")} },`;
  const rows = entries.map(
    (e) =>
      `  { path: ${str(e.path)}, pattern: /${e.pattern.replace(/\//g, "\\/")}/, params: ${list(e.params)}, methods: ${list(e.methods)}, ` +
      `policy: ${str(e.policy)},${flag(e.stateChanging)}${scopes(e.scopes)}${roles(e.roles)} file: ${str(e.file)} },`,
  );
  return `// Generated by scripts/gen-api-routes.ts from the route files: \`npm run gen:routes\` after adding, moving or removing
// a route, or changing its policy, its stateChanging flag, a method's API key scope or its roles. Sorted as Next.js ranks routes: the first pattern that
// matches is the route served.
import type { ApiRoute } from "@/lib/platform/http/api-routes";

export const API_ROUTES: readonly ApiRoute[] = [
${rows.join("\n")}
];
`;
}

/**
 * The route modules by address, each a static import, for what reads the handlers' declarations (the OpenAPI
 * document). Apart from the table, which the proxy imports and which must not pull every handler in.
 */
export function generateRouteModules(root = ROOT): string {
  const files = routeFiles(path.join(root, "app", "api"))
    .map((abs) => path.relative(root, abs).split(path.sep).join("/"))
    .map((file) => entryOf(file, readFileSync(path.join(root, file), "utf8")))
    .sort(byPrecedence);
  const rows = files.map(
    (e) => `  ${JSON.stringify(e.path)}: () => import(${JSON.stringify(`./${e.file.replace(/^app\/api\//, "").replace(/\.ts$/, "")}`)}),`,
  );
  return `// Generated by scripts/gen-api-routes.ts with the route table (\`npm run gen:routes\`): every route module by address.
export const API_ROUTE_MODULES: Record<string, () => Promise<Record<string, unknown>>> = {
${rows.join("\n")}
};
`;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const text = generateApiRoutes();
  writeFileSync(path.join(ROOT, TABLE_FILE), text);
  writeFileSync(path.join(ROOT, MODULES_FILE), generateRouteModules());
  console.log(`${TABLE_FILE}: ${text.split("\n").filter((l) => l.startsWith("  { path:")).length} routes`);
}
