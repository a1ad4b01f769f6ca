// `node scripts/assemble-standalone.mjs <folder>`: after `next build`, lays out in <folder> everything the container
// runs, and nothing else: the Dockerfile copies that folder into its runtime stage, and tests/e2e/standalone.spec.ts
// runs the same layout, so the image and the test cannot drift apart.
//   .next/standalone/*       the server files and the node_modules they use, as the build traced them (no dev
//                            dependencies; not PGlite: the image serves PostgreSQL only)
//   .next/static, public/    what Next serves as files (the standalone output leaves them out: a CDN may serve them)
//   db/migrations/           read at start by the migrator (the trace finds them; copied whole so meta/ is certain)
//   scripts/standalone.mjs   the entry, with scripts/server.mjs and what it imports, at the paths they have here
// Next's own .next/standalone/server.js is left out: it would serve without the start-up steps and without
// scripts/server.mjs's handling of forwarded addresses, methods, headers and shutdown.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** The files the entry needs beside the standalone output, relative to the project (and to the assembled folder). */
const ENTRY_FILES = ["scripts/standalone.mjs", "scripts/server.mjs", "scripts/graceful.mjs", "lib/platform/http/security-headers.mjs"];

/** Lays the container's files out in `out` (created; refused when it exists and is not empty). */
function assembleStandalone(out, root = ROOT) {
  const standalone = path.join(root, ".next", "standalone");
  if (!fs.existsSync(path.join(standalone, ".next", "BUILD_ID"))) {
    throw new Error(`${standalone} holds no build: run \`next build\` first (next.config.ts sets output: "standalone").`);
  }
  if (fs.existsSync(out) && fs.readdirSync(out).length) throw new Error(`${out} is not empty.`);
  // verbatimSymlinks: a link inside node_modules stays a relative link, never one back into this project.
  const copy = (from, to) => fs.cpSync(path.join(root, from), path.join(out, to), { recursive: true, verbatimSymlinks: true });
  copy(path.join(".next", "standalone"), ".");
  fs.rmSync(path.join(out, "server.js"));
  copy(path.join(".next", "static"), path.join(".next", "static"));
  copy("public", "public");
  copy(path.join("db", "migrations"), path.join("db", "migrations"));
  for (const file of ENTRY_FILES) copy(file, file);
}

const out = process.argv[2];
if (!out) {
  console.error("Usage: node scripts/assemble-standalone.mjs <folder>");
  process.exit(2);
}
try {
  assembleStandalone(path.resolve(out));
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
console.log(`Assembled in ${path.resolve(out)}: run \`node scripts/standalone.mjs\` there (PostgreSQL settings in the environment).`);
