// The JavaScript each page of the production build sends on a first visit, read from the build's own manifests (no
// browser): the scripts every page loads (`build-manifest.json`'s rootMainFiles) and the chunks of the page's layouts and
// page entry (its `page_client-reference-manifest.js`), each counted once and gzipped here (node:zlib, default level),
// as a browser receives them from a compressing server. Next's built-in not-found boundary counts: its chunk is among
// the page's scripts (a browser fetches it on every first visit, as `npm run bench:web` sees); the global error boundary
// loads only when shown. The end-to-end suite holds these figures to their budgets; `npm run bench:web` prints them.
import fs from "node:fs";
import path from "node:path";
import vm from "node:vm";
import zlib from "node:zlib";

/** `bytes`: gzipped, summed; `kb`: the same in KB (1024 bytes), to one decimal, for reading. */
export type PageJs = { route: string; bytes: number; kb: number; files: string[] };

const ON_DEMAND = /\/builtin\/global-error$/;

type ClientManifest = { entryJSFiles?: Record<string, string[]> };

/** The manifest file's one assignment (`globalThis.__RSC_MANIFEST["/route"] = {…}`), run in a sandbox of its own. */
function readClientManifest(file: string): [string, ClientManifest][] {
  const context: { globalThis?: unknown; __RSC_MANIFEST?: Record<string, ClientManifest> } = {};
  context.globalThis = context;
  vm.runInNewContext(fs.readFileSync(file, "utf8"), context, { filename: file, timeout: 1000 });
  return Object.entries(context.__RSC_MANIFEST ?? {});
}

function manifestsUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return manifestsUnder(full);
    return entry.name === "page_client-reference-manifest.js" ? [full] : [];
  });
}

/** Every page of the build in `nextDir` (".next"), heaviest first. Throws when the build is missing or unreadable. */
export function firstLoadJs(nextDir: string): PageJs[] {
  const build = JSON.parse(fs.readFileSync(path.join(nextDir, "build-manifest.json"), "utf8")) as { rootMainFiles?: string[] };
  const root = build.rootMainFiles ?? [];
  if (root.length === 0) throw new Error(`${nextDir}/build-manifest.json lists no rootMainFiles: has Next's build output changed?`);
  const sizes = new Map<string, number>();
  const gzipped = (file: string) => {
    let size = sizes.get(file);
    if (size === undefined) sizes.set(file, (size = zlib.gzipSync(fs.readFileSync(path.join(nextDir, file))).length));
    return size;
  };
  const pages = manifestsUnder(path.join(nextDir, "server", "app")).flatMap(readClientManifest);
  if (pages.length === 0) throw new Error(`no page_client-reference-manifest.js under ${nextDir}/server/app`);
  return pages
    .map(([route, manifest]) => {
      const files = new Set(root);
      for (const [entry, chunks] of Object.entries(manifest.entryJSFiles ?? {})) {
        if (!ON_DEMAND.test(entry)) for (const chunk of chunks) files.add(chunk);
      }
      const bytes = [...files].reduce((sum, file) => sum + gzipped(file), 0);
      return { route, bytes, kb: Math.round((bytes / 1024) * 10) / 10, files: [...files] };
    })
    .sort((a, b) => b.bytes - a.bytes);
}
