// The embedded default: PGlite (real Postgres compiled to WASM) stored under DATA_DIR and served over the Postgres
// protocol on loopback, so the app speaks plain Postgres through postgres.js exactly as it does against a server.
//
// PGlite is a single session. pglite-socket multiplexes connections message by message, which keeps explicit
// transactions together but can interleave two clients' extended-protocol messages (Parse/Bind/Execute) outside one.
// So each process keeps one connection (DATABASE_POOL_MAX=1) and concurrent requests queue on it.
import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { btree_gist } from "@electric-sql/pglite/contrib/btree_gist";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";

export type EmbeddedDb = { url: string; stop(): Promise<void> };

export async function startEmbeddedDb(opts: { dataDir?: string; maxConnections?: number } = {}): Promise<EmbeddedDb> {
  const { pg, close } = opts.dataDir ? await openEmbeddedPglite(opts.dataDir) : await inMemory();
  try {
    const server = new PGLiteSocketServer({ db: pg, host: "127.0.0.1", port: 0, maxConnections: opts.maxConnections ?? 4 });
    await server.start();
    const address = server.getServerConn(); // "127.0.0.1:<port>"
    return {
      url: `postgres://postgres@${address}/postgres?sslmode=disable`,
      async stop() {
        await server.stop();
        await close();
      },
    };
  } catch (e) {
    await close().catch(() => undefined);
    throw e;
  }
}

async function inMemory() {
  const pg = await PGlite.create({ extensions: { btree_gist } });
  return { pg, close: () => pg.close() };
}

/**
 * PGlite on <dataDir>/pglite, locked to this process until close(): what `npm start` serves, and what the backup and
 * restore scripts open directly (loadDataDir fills an empty folder from a PGlite tarball).
 */
export async function openEmbeddedPglite(
  dataDir: string,
  opts: { loadDataDir?: Blob } = {},
): Promise<{ pg: PGlite; close(): Promise<void> }> {
  const pgDir = path.resolve(dataDir, "pglite");
  fs.mkdirSync(pgDir, { recursive: true }); // PGlite does not create missing parents
  const release = acquireLock(path.resolve(dataDir, "pglite.lock"));
  try {
    const pg = await PGlite.create({ dataDir: pgDir, extensions: { btree_gist }, loadDataDir: opts.loadDataDir });
    return {
      pg,
      async close() {
        try {
          if (!pg.closed) await pg.close();
        } finally {
          release();
        }
      },
    };
  } catch (e) {
    release();
    throw e;
  }
}

/** One process owns a PGlite folder at a time: a second `npm start` on the same DATA_DIR stops with a clear message. */
export function acquireLock(file: string): () => void {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: "wx" });
      return () => fs.rmSync(file, { force: true });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
      const pid = Number(fs.readFileSync(file, "utf8"));
      if (pid && isAlive(pid)) {
        throw new Error(`The embedded database in ${path.dirname(file)} is in use by process ${pid}. Stop it first.`);
      }
      fs.rmSync(file, { force: true }); // stale lock from a crashed run
    }
  }
  throw new Error(`Could not lock ${file}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}
