// `npm run check:deps`, also a step of `npm test`: the dependency rules of lib/ and db/, read from the imports
// (dependency-cruiser resolves them, `@/` through tsconfig.json) and collapsed to folders: `lib/<folder>`, a file at
// the root of lib (`lib/env.ts`) as its own node, and db/ as one node.
//   1. No cycle between folders. A cycle makes every folder in it depend on all the others: none can be read, tested
//      or moved alone, and the order things load in becomes an accident. ARCHITECTURE.md gives the order this keeps.
//   2. Nothing under lib/ or db/ imports app/ or components/: the app is built from lib, never the other way round.
//   3. Every import of our own code resolves: one that does not would hide its edge from rules 1 and 2.
//   4. The domain (DOMAIN below) imports no vendor: neither lib/vendors/** nor a vendor's SDK, and an SDK is imported
//      only under lib/vendors/. The domain speaks to a vendor through its port (lib/ports), so a vendor can be swapped,
//      sandboxed or upgraded by touching its own folder and one line of the registry, and no SDK type leaks into our
//      model.
// Every import counts, type-only and dynamic ones included (a type is part of the folder's model), and so do the tests
// that sit beside the code. Each violation is printed with the file imports behind it.
// `--graph` also prints each folder's dependencies and the levels they make (0 imports no other folder).
import { performance } from "node:perf_hooks";
import { cruise, type ICruiseResult } from "dependency-cruiser";
import extractTSConfig from "dependency-cruiser/config-utl/extract-ts-config";

type Edge = { from: string; to: string; imports: string[] };

const started = performance.now();
const showGraph = process.argv.includes("--graph");

/**
 * "lib/booking/commands.ts" → "lib/booking", "lib/env.ts" → "lib/env", "db/schema/index.ts" → "db"; null outside. Each
 * vendor is a folder of its own: "lib/vendors/telnyx/events.ts" → "lib/vendors/telnyx".
 */
function folderOf(path: string): string | null {
  const parts = path.split("/");
  if (parts[0] === "db") return "db";
  if (parts[0] !== "lib" || parts.length < 2) return null;
  if (parts[1] === "vendors" && parts.length > 2) {
    return parts.length > 3 ? `lib/vendors/${parts[2]}` : `lib/vendors/${parts[2]!.replace(/\.[^.]+$/, "")}`;
  }
  return parts.length > 2 ? `lib/${parts[1]}` : `lib/${parts[1]!.replace(/\.[^.]+$/, "")}`;
}

// Rule 4. The domain: the folders that hold the product's rules and must not know which vendor carries them out.
const DOMAIN = new Set(
  [
    ...["accounts", "appointments", "availability", "billing", "booking", "business", "calendar", "calls", "closures", "inbox"],
    ...["insights", "knowledge"],
    ...["messaging"],
    ...["notifications", "numbers", "privacy", "receptionist", "self-service", "subscriptions"],
  ].map((f) => `lib/${f}`),
);
const VENDORS = /^lib\/vendors\//;
// The vendors' SDKs, by package name (a subpath such as "googleapis/build/src/apis/calendar" counts too).
const VENDOR_SDK = /^(telnyx|stripe|@vapi-ai\/server-sdk|googleapis|google-auth-library|nodemailer)(\/|$)/;

const FORBIDDEN_TARGET = /^(app|components)\//;

const { output } = await cruise(
  ["lib", "db"],
  {
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    // Their files are named as targets (rule 2) but not read: only lib/ and db/ are checked.
    doNotFollow: { path: "^(node_modules|app|components|tests|scripts|messages)/" },
    exclude: { path: "^db/migrations/" },
  },
  {},
  { tsConfig: extractTSConfig("tsconfig.json") },
);
const result = output as ICruiseResult;

const edges = new Map<string, Edge>();
const upward: string[] = [];
const unresolved: string[] = [];
const vendorInDomain: string[] = [];
const sdkOutsideVendors: string[] = [];
for (const mod of result.modules) {
  const from = folderOf(mod.source);
  if (!from) continue;
  for (const dep of mod.dependencies) {
    const how = dep.dependencyTypes.includes("type-only") ? " (type)" : dep.dynamic ? " (dynamic)" : "";
    const ours = dep.module.startsWith("@/") || dep.module.startsWith(".");
    if (dep.couldNotResolve && ours) unresolved.push(`${mod.source} → ${dep.module}`);
    if (FORBIDDEN_TARGET.test(dep.resolved)) upward.push(`${mod.source} → ${dep.resolved}${how}`);
    if (DOMAIN.has(from) && VENDORS.test(dep.resolved)) vendorInDomain.push(`${mod.source} → ${dep.resolved}${how}`);
    if (!VENDORS.test(mod.source) && VENDOR_SDK.test(dep.module)) sdkOutsideVendors.push(`${mod.source} → ${dep.module}${how}`);
    const to = folderOf(dep.resolved);
    if (!to || to === from) continue;
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

if (vendorInDomain.length > 0) {
  failed = true;
  console.error(`\n✗ The domain (${[...DOMAIN].join(", ")}) must not import lib/vendors/ (use the port in lib/ports):`);
  for (const line of vendorInDomain) console.error(`      ${line}`);
}

if (sdkOutsideVendors.length > 0) {
  failed = true;
  console.error("\n✗ A vendor's SDK is imported only under lib/vendors/:");
  for (const line of sdkOutsideVendors) console.error(`      ${line}`);
}

if (showGraph) {
  const level = new Map<string, number>();
  const levelOf = (v: string, path: Set<string> = new Set()): number => {
    if (level.has(v)) return level.get(v)!;
    if (path.has(v)) return 0; // inside a cycle (reported above): no level
    path.add(v);
    const l = Math.max(-1, ...(out.get(v) ?? []).map((w) => levelOf(w, path))) + 1;
    path.delete(v);
    level.set(v, l);
    return l;
  };
  console.log("\nFolder → the folders it imports:");
  for (const [from, targets] of out) console.log(`  ${from.padEnd(20)} ${targets.join(" ") || "–"}`);
  const byLevel = new Map<number, string[]>();
  for (const f of out.keys()) byLevel.set(levelOf(f), [...(byLevel.get(levelOf(f)) ?? []), f]);
  console.log("\nLevels (a folder imports only folders of lower levels):");
  for (const l of [...byLevel.keys()].sort((a, b) => a - b)) {
    console.log(`  ${String(l).padStart(2)}  ${byLevel.get(l)!.join(" ")}`);
  }
}

const seconds = ((performance.now() - started) / 1000).toFixed(1);
const files = result.modules.filter((m) => folderOf(m.source)).length;
if (failed) {
  console.error(`\nDependency rules: FAILED (${files} files in ${folders.size} folders, ${seconds} s)`);
  process.exit(1);
}
console.log(
  `Dependency rules: ${files} files in ${folders.size} folders, no folder cycle, no import of app/ or components/, ` +
    `no vendor in the domain (${seconds} s)`,
);
