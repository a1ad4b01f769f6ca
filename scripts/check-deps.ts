// `npm run check:deps`, also a step of `npm test`: the dependency rules of lib/ and db/, read from the imports
// (dependency-cruiser resolves them, `@/` through tsconfig.json).
//
// lib/ is a handful of areas (AREAS below), each a folder a newcomer can name, each importing only the areas it declares
// (which keeps the areas in one order, bottom to top). Inside an area the folders are layers: `lib/<area>/<folder>` is a
// node of the graph, a file at an area's root belongs to the area's root node, and db/ is one node of the platform.
//   1. An area imports only the areas it declares. A new dependency between areas is a decision, written in AREAS and
//      in the area's README.md ("May import"), not an accident of one import.
//   2. No cycle between folders, inside an area or across. A cycle makes every folder in it depend on all the others:
//      none can be read, tested or moved alone, and the order things load in becomes an accident.
//   3. Nothing under lib/ or db/ imports app/ or components/: the app is built from lib, never the other way round.
//   4. Every import of our own code resolves: one that does not would hide its edge from the rules above.
//   5. A vendor's SDK is imported only under lib/vendors/, and only the composition root (server) may import
//      lib/vendors/ (rule 1 says so: no other area declares it). The domain speaks to a vendor through its port
//      (lib/ports), so a vendor can be swapped, sandboxed or upgraded by touching its own folder and the registry.
//   6. Each area's README.md says what it may import, as declared here; the table of areas and layers in
//      ARCHITECTURE.md is this check's own output. `--write` rewrites both; without it a stale one fails.
// The fence between the server's code and the browser's (app/, components/ and instrumentation-client.ts are read too):
//   7. Nothing in lib/ or db/ outside lib/platform/client imports lib/platform/client, the browser's own code (its API
//      client, session flags, popups, speech). Pure code both sides run lives in lib/platform/shared (or another pure
//      folder, such as format/ or time/), which neither side owns.
//   8. The browser never reaches the server's code. From every file the browser runs (a "use client" file of app/ or
//      components/, lib/platform/client, instrumentation-client.ts) the imports are followed to the end, and none may
//      reach db/, lib/server/, a Node built-in or a server-only package (SERVER_PACKAGES, VENDOR_SDK). The walk stops
//      at a "use server" module, which the bundler turns into references to its functions, never sending its code; and
//      it does not follow type-only imports, which are erased before anything is bundled. Each offence is printed with
//      the chain of imports from a file the browser runs to it.
//   The fence is checked here rather than by `import "server-only"` in each server module: that package throws when
//   loaded outside Next's server bundle, and the same modules run under plain Node in the scripts, the migrations, the
//   job worker and the tests.
// Every import counts, type-only and dynamic ones included (a type is part of the folder's model), and so do the tests
// that sit beside the code; rule 8 alone follows only what is bundled. Each violation is printed with the file imports
// behind it.
// `--graph` also prints each folder's dependencies.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { cruise, type ICruiseResult } from "dependency-cruiser";
import extractTSConfig from "dependency-cruiser/config-utl/extract-ts-config";

type Edge = { from: string; to: string; imports: string[] };

const started = performance.now();
const showGraph = process.argv.includes("--graph");
const write = process.argv.includes("--write");

/** The areas of lib/, bottom to top, each with the areas it may import (only areas listed before it). */
export const AREAS: [area: string, mayImport: string[]][] = [
  ["platform", []],
  ["ports", ["platform"]],
  ["accounts", ["platform", "ports"]],
  ["scheduling", ["platform", "ports", "accounts"]],
  ["messaging", ["platform", "ports", "accounts", "scheduling"]],
  ["booking-page", ["platform", "ports", "accounts", "scheduling", "messaging"]],
  ["waitlist", ["platform", "ports", "accounts", "scheduling", "messaging"]],
  ["recall", ["platform", "ports", "accounts", "scheduling", "messaging", "booking-page"]],
  ["billing", ["platform", "ports", "accounts", "messaging"]],
  ["receptionist", ["platform", "ports", "accounts", "scheduling", "messaging", "booking-page", "waitlist"]],
  ["insights", ["platform", "ports", "accounts", "scheduling", "messaging", "receptionist"]],
  ["vendors", ["platform", "ports", "accounts", "scheduling", "messaging", "billing", "receptionist"]],
  [
    "server",
    [
      "platform",
      "ports",
      "accounts",
      "scheduling",
      "messaging",
      "booking-page",
      "waitlist",
      "recall",
      "billing",
      "receptionist",
      "insights",
      "vendors",
    ],
  ],
];
const AREA_NAMES = AREAS.map(([a]) => a);
const MAY_IMPORT = new Map(AREAS.map(([a, may]) => [a, new Set(may)]));
AREAS.forEach(([area, may]) => {
  for (const m of may) {
    if (AREA_NAMES.indexOf(m) < 0 || AREA_NAMES.indexOf(m) >= AREA_NAMES.indexOf(area)) {
      throw new Error(`AREAS: ${area} may import only areas listed before it, not ${m}`);
    }
  }
});

/** "lib/scheduling/booking/commands.ts" → "lib/scheduling/booking", "lib/billing/checkout.ts" → "lib/billing", "db/…" → "db". */
function folderOf(path: string): string | null {
  const parts = path.split("/");
  if (parts[0] === "db") return "db";
  if (parts[0] !== "lib" || parts.length < 3) return null;
  return parts.length > 3 ? `lib/${parts[1]}/${parts[2]}` : `lib/${parts[1]}`;
}

/** The area a folder node belongs to; db/ is the platform's. */
function areaOf(folder: string): string {
  return folder === "db" ? "platform" : folder.split("/")[1]!;
}

// The vendors' SDKs, by package name (a subpath such as "googleapis/build/src/apis/calendar" counts too).
const VENDOR_SDK = /^(telnyx|stripe|@vapi-ai\/server-sdk|googleapis|google-auth-library|nodemailer|tsdav|ical\.js)(\/|$)/;
const VENDORS = /^lib\/vendors\//;
const FORBIDDEN_TARGET = /^(app|components)\//;
const CLIENT = /^lib\/platform\/client\//;
// Packages only the server may load (rule 8), besides the vendors' SDKs and Node's built-ins: the database, its drivers
// and query builder, the job queue, password hashing, logs and metrics.
const SERVER_PACKAGES =
  /^(postgres|@electric-sql\/pglite(-socket)?|drizzle-orm|pg-boss|@node-rs\/argon2|pino|prom-client|server-only)(\/|$)/;
/** Where the browser's code must never lead (rule 8). */
const SERVER_CODE = /^(db|lib\/server)\//;

const sources = new Map<string, string>();
const sourceOf = (path: string) => sources.get(path) ?? sources.set(path, readFileSync(path, "utf8")).get(path)!;

/** The directive a file opens with ("use client", "use server"), after any comments; null for none. */
function directiveOf(path: string): string | null {
  if (!/\.(ts|tsx|mts|js|jsx|mjs)$/.test(path)) return null;
  const match = /^(?:\s+|\/\/[^\n]*|\/\*[\s\S]*?\*\/)*(["'])(use client|use server)\1/.exec(sourceOf(path));
  return match ? match[2]! : null;
}

/** The files of app/ and components/ the browser starts from (rule 8): those that say "use client". */
const clientEntries = ["app", "components"]
  .flatMap((dir) => readdirSync(dir, { recursive: true, encoding: "utf8" }).map((name) => `${dir}/${name}`))
  .filter((path) => /\.tsx?$/.test(path) && !/\.test\.tsx?$/.test(path) && directiveOf(path) === "use client")
  .sort();

const { output } = await cruise(
  // Of app/ and components/, only what the browser runs is read (rule 8): its "use client" files and their imports.
  ["lib", "db", ...clientEntries, "instrumentation-client.ts"],
  {
    tsPreCompilationDeps: true,
    // A copy of the project with node_modules linked (scripts/checks.test.ts) must not follow the link out of it.
    preserveSymlinks: true,
    tsConfig: { fileName: "tsconfig.json" },
    // Their files are named as targets but not read.
    doNotFollow: { path: "^(node_modules|tests|scripts|messages)/" },
    exclude: { path: "^db/migrations/" },
  },
  {},
  { tsConfig: extractTSConfig("tsconfig.json") },
);
const result = output as ICruiseResult;

const edges = new Map<string, Edge>();
const upward: string[] = [];
const unresolved: string[] = [];
const undeclared = new Map<string, string[]>();
const sdkOutsideVendors: string[] = [];
const intoClient: string[] = [];
const strays: string[] = [];
for (const mod of result.modules) {
  if (/^lib\/[^/]+$/.test(mod.source)) strays.push(mod.source);
  const from = folderOf(mod.source);
  if (!from) continue;
  for (const dep of mod.dependencies) {
    const how = dep.dependencyTypes.includes("type-only") ? " (type)" : dep.dynamic ? " (dynamic)" : "";
    const ours = dep.module.startsWith("@/") || dep.module.startsWith(".");
    if (dep.couldNotResolve && ours) unresolved.push(`${mod.source} → ${dep.module}`);
    if (FORBIDDEN_TARGET.test(dep.resolved)) upward.push(`${mod.source} → ${dep.resolved}${how}`);
    if (!VENDORS.test(mod.source) && VENDOR_SDK.test(dep.module)) sdkOutsideVendors.push(`${mod.source} → ${dep.module}${how}`);
    if (!CLIENT.test(mod.source) && CLIENT.test(dep.resolved)) intoClient.push(`${mod.source} → ${dep.resolved}${how}`);
    const to = folderOf(dep.resolved);
    if (!to || to === from) continue;
    const [fromArea, toArea] = [areaOf(from), areaOf(to)];
    if (fromArea !== toArea && !MAY_IMPORT.get(fromArea)?.has(toArea)) {
      const key = `${fromArea} → ${toArea}`;
      undeclared.set(key, [...(undeclared.get(key) ?? []), `${mod.source} → ${dep.resolved}${how}`]);
    }
    const key = `${from} → ${to}`;
    const edge = edges.get(key) ?? { from, to, imports: [] };
    edge.imports.push(`${mod.source} → ${dep.resolved}${how}`);
    edges.set(key, edge);
  }
}

const folders = new Set(result.modules.map((m) => folderOf(m.source)).filter((f): f is string => f !== null));
const out = new Map<string, string[]>([...folders].sort().map((f) => [f, []]));
for (const e of edges.values()) out.get(e.from)!.push(e.to);
for (const targets of out.values()) targets.sort();

// Tarjan's strongly connected components: every component of more than one folder holds at least one cycle.
function components(): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  let next = 0;
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next);
    next++;
    stack.push(v);
    onStack.add(v);
    for (const w of out.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const v of out.keys()) if (!index.has(v)) visit(v);
  return found;
}

/** The shortest cycle through `start` inside `members` (breadth-first), as the list of folders it passes. */
function shortestCycle(start: string, members: Set<string>): string[] {
  const parent = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const v = queue.shift()!;
    for (const w of out.get(v) ?? []) {
      if (!members.has(w)) continue;
      if (w === start) {
        const path = [v];
        while (path[0] !== start) path.unshift(parent.get(path[0]!)!);
        return path;
      }
      if (!parent.has(w)) {
        parent.set(w, v);
        queue.push(w);
      }
    }
  }
  return [];
}

const cycles = components();
let failed = false;

const unknownAreas = [...new Set([...folders].map(areaOf))].filter((a) => !MAY_IMPORT.has(a));
if (unknownAreas.length > 0 || strays.length > 0) {
  failed = true;
  if (unknownAreas.length > 0) console.error(`\n✗ Folders of lib/ that are no area (declare it in AREAS): ${unknownAreas.join(", ")}`);
  if (strays.length > 0) console.error(`\n✗ Files at the root of lib/ (each belongs to an area): ${strays.join(", ")}`);
}

for (const [key, imports] of undeclared) {
  failed = true;
  const [from] = key.split(" → ");
  console.error(`\n✗ ${key}: ${from} may import ${[...MAY_IMPORT.get(from!)!].join(", ") || "no other area"} (AREAS, and its README.md):`);
  for (const line of imports) console.error(`      ${line}`);
}

if (cycles.length > 0) {
  failed = true;
  for (const component of cycles) {
    console.error(`\n✗ Folder cycle between ${component.length} folders: ${component.join(", ")}`);
    // One shortest cycle through each folder, each printed once, with the imports behind every step.
    const seen = new Set<string>();
    const members = new Set(component);
    for (const start of component) {
      const cycle = shortestCycle(start, members);
      if (cycle.length === 0) continue;
      // Started from its alphabetically first folder, so the same cycle found from another start is recognized.
      const first = cycle.indexOf([...cycle].sort()[0]!);
      const rotated = [...cycle.slice(first), ...cycle.slice(0, first)];
      const key = rotated.join(" → ");
      if (seen.has(key)) continue;
      seen.add(key);
      console.error(`  ${[...rotated, rotated[0]].join(" → ")}`);
      rotated.forEach((from, i) => {
        const to = rotated[(i + 1) % rotated.length]!;
        for (const line of edges.get(`${from} → ${to}`)!.imports) console.error(`      ${line}`);
      });
    }
  }
}

if (upward.length > 0) {
  failed = true;
  console.error("\n✗ lib/ and db/ must not import app/ or components/:");
  for (const line of upward) console.error(`      ${line}`);
}

if (unresolved.length > 0) {
  failed = true;
  console.error("\n✗ Imports that could not be resolved (the check cannot see where they lead):");
  for (const line of unresolved) console.error(`      ${line}`);
}

if (sdkOutsideVendors.length > 0) {
  failed = true;
  console.error("\n✗ A vendor's SDK is imported only under lib/vendors/:");
  for (const line of sdkOutsideVendors) console.error(`      ${line}`);
}

if (intoClient.length > 0) {
  failed = true;
  console.error(
    "\n✗ lib/platform/client is the browser's: nothing else in lib/ or db/ imports it (pure code both sides run goes to lib/platform/shared):",
  );
  for (const line of intoClient) console.error(`      ${line}`);
}

// ---- the browser's code, followed to the end (rule 8) --------------------------------------------------------------

/**
 * Whether every import or re-export of `specifier` in `path` names types only (`import type …`, or each name marked
 * `type`), so the compiler erases it. dependency-cruiser's own "type-only" mark is not enough: it is also set on
 * `import x, { type Y } from …`, whose x stays (and its mark of what the compiler erases costs a compilation of every
 * file). An import of types written without `type` is followed, as if it were code.
 */
function typesOnly(path: string, specifier: string): boolean {
  const quoted = specifier.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const statement = new RegExp(`(?:^|[;\\n])\\s*(?:import|export)\\s+([^;"'\`]*?)\\s*from\\s*["']${quoted}["']`, "g");
  const clauses = [...sourceOf(path).matchAll(statement)].map((m) => m[1]!.trim());
  const erased = (clause: string) => {
    if (/^type\s/.test(clause)) return true;
    if (!/^\{[\s\S]*\}$/.test(clause)) return false; // a default or namespace import is code
    const names = clause
      .slice(1, -1)
      .split(",")
      .map((n) => n.trim());
    return names.every((n) => n === "" || /^type\s/.test(n));
  };
  return clauses.length > 0 && clauses.every(erased);
}

const byPath = new Map(result.modules.map((m) => [m.source, m]));
const browserRoots = [
  ...clientEntries,
  "instrumentation-client.ts",
  ...result.modules.map((m) => m.source).filter((path) => CLIENT.test(path) && !/\.test\.ts$/.test(path)),
];
// Breadth-first from every root at once, so each file is reached by one of its shortest chains.
const reachedFrom = new Map<string, string | null>(browserRoots.map((r) => [r, null]));
const serverReached = new Map<string, string>();
const queue = [...browserRoots];
const chainTo = (path: string): string[] => {
  const chain = [path];
  for (let p = reachedFrom.get(path); p; p = reachedFrom.get(p)) chain.unshift(p);
  return chain;
};
for (let i = 0; i < queue.length; i++) {
  const path = queue[i]!;
  for (const dep of byPath.get(path)?.dependencies ?? []) {
    // Erased before bundling: nothing of the target reaches the browser.
    if (dep.dependencyTypes.includes("type-only") && !dep.dynamic && typesOnly(path, dep.module)) continue;
    if (dep.dependencyTypes.includes("core") || SERVER_PACKAGES.test(dep.module) || VENDOR_SDK.test(dep.module)) {
      const target = dep.dependencyTypes.includes("core") && !dep.module.startsWith("node:") ? `node:${dep.module}` : dep.module;
      serverReached.set(`${path} → ${target}`, [...chainTo(path), target].join(" → "));
      continue;
    }
    if (reachedFrom.has(dep.resolved) || !byPath.has(dep.resolved) || /^node_modules\//.test(dep.resolved)) continue;
    reachedFrom.set(dep.resolved, path);
    // The bundler turns a "use server" module into references to its functions: its imports stay on the server.
    if (directiveOf(dep.resolved) === "use server") continue;
    if (SERVER_CODE.test(dep.resolved)) {
      serverReached.set(dep.resolved, chainTo(dep.resolved).join(" → "));
      continue;
    }
    queue.push(dep.resolved);
  }
}
if (serverReached.size > 0) {
  failed = true;
  console.error(
    "\n✗ The browser's code reaches the server's (db/, lib/server/, a Node built-in or a server-only package); each chain starts at a file the browser runs:",
  );
  for (const chain of [...serverReached.values()].sort()) console.error(`      ${chain}`);
}

// ---- the layers inside each area, and the documents that show them ----------------------------------------------

/** Each folder's level inside its area: 0 imports no other folder of its area, n one of level n − 1 at most. */
function layersOf(area: string): string[][] {
  const members = [...folders].filter((f) => areaOf(f) === area);
  const level = new Map<string, number>();
  const levelOf = (v: string, path: Set<string> = new Set()): number => {
    if (level.has(v)) return level.get(v)!;
    if (path.has(v)) return 0; // inside a cycle (reported above): no level
    path.add(v);
    const inside = (out.get(v) ?? []).filter((w) => areaOf(w) === area);
    const l = Math.max(-1, ...inside.map((w) => levelOf(w, path))) + 1;
    path.delete(v);
    level.set(v, l);
    return l;
  };
  const layers: string[][] = [];
  for (const f of members.sort()) (layers[levelOf(f)] ??= []).push(f);
  return layers;
}

const short = (folder: string, area: string) =>
  folder === "db" ? "db/" : folder === `lib/${area}` ? "(root files)" : `${folder.slice(`lib/${area}/`.length)}/`;

const BEGIN = "<!-- areas:begin (written by `npm run check:deps -- --write`) -->";
const END = "<!-- areas:end -->";
function areaTable(): string {
  const rows = [...AREAS].reverse().map(([area, may]) => {
    const layers = layersOf(area)
      .map((layer) => layer.map((f) => `\`${short(f, area)}\``).join(" "))
      .reverse()
      .join(" · ");
    return `| [\`${area}\`](lib/${area}/README.md) | ${may.map((m) => `\`${m}\``).join(" ") || "–"} | ${layers} |`;
  });
  return [
    BEGIN,
    "| Area | May import | Its folders, top layer first (a folder imports only folders to its right) |",
    "|---|---|---|",
    ...rows,
    END,
  ].join("\n");
}

function mayImportLine(area: string): string {
  const may = MAY_IMPORT.get(area)!;
  return `May import: ${[...may].map((m) => `\`${m}\``).join(", ") || "no other area"}.`;
}

const stale: string[] = [];
const architecture = readFileSync("ARCHITECTURE.md", "utf8");
const block = new RegExp(`${BEGIN.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}[\\s\\S]*?${END}`);
if (!block.test(architecture)) stale.push(`ARCHITECTURE.md has no block between "${BEGIN}" and "${END}"`);
else {
  const updated = architecture.replace(block, areaTable());
  if (updated !== architecture) {
    if (write) writeFileSync("ARCHITECTURE.md", updated);
    else stale.push("ARCHITECTURE.md: the table of areas and layers");
  }
}
for (const [area] of AREAS) {
  const path = `lib/${area}/README.md`;
  let readme: string;
  try {
    readme = readFileSync(path, "utf8");
  } catch {
    stale.push(`${path} is missing (what the area owns, its entry points, what it may import)`);
    continue;
  }
  const updated = readme.replace(/^May import: .*$/m, mayImportLine(area));
  if (!/^May import: /m.test(readme)) stale.push(`${path} has no "May import: …" line`);
  else if (updated !== readme) {
    if (write) writeFileSync(path, updated);
    else stale.push(`${path}: its "May import" line`);
  }
}
if (stale.length > 0) {
  failed = true;
  console.error("\n✗ Stale documents (`npm run check:deps -- --write` rewrites them from AREAS and the imports):");
  for (const line of stale) console.error(`      ${line}`);
}

if (showGraph) {
  console.log("\nFolder → the folders it imports:");
  for (const [from, targets] of out) console.log(`  ${from.padEnd(32)} ${targets.join(" ") || "–"}`);
}

const seconds = ((performance.now() - started) / 1000).toFixed(1);
const files = result.modules.filter((m) => folderOf(m.source)).length;
if (failed) {
  console.error(`\nDependency rules: FAILED (${files} files in ${folders.size} folders, ${seconds} s)`);
  process.exit(1);
}
console.log(
  `Dependency rules: ${files} files in ${folders.size} folders of ${AREAS.length} areas, each area importing only what ` +
    `it declares, no folder cycle, no import of app/ or components/, vendor SDKs in lib/vendors only; ${browserRoots.length} ` +
    `browser files reaching ${reachedFrom.size - browserRoots.length} more, none of the server's (${seconds} s)`,
);
