// Shared by the launcher and the db:* scripts: environment (.env files as Next loads them), secrets, and the database
// (the embedded PGlite server when DATABASE_URL is unset).
import nextEnv from "@next/env";
import { providerConfigProblems, readEnv, type Env } from "@/lib/env";
import { resolveSecrets } from "@/lib/server/secrets";
import { startEmbeddedDb, type EmbeddedDb } from "@/lib/server/embedded-db";

export type Runtime = { env: Env & { appUrl: string }; url: string; embedded: EmbeddedDb | null; vars: Record<string, string> };

export async function prepareRuntime(dev = false): Promise<Runtime> {
  nextEnv.loadEnvConfig(process.cwd(), dev, { info: () => {}, error: console.error });
  const base = readEnv();
  const problems = providerConfigProblems(base);
  if (problems.length) throw new Error(problems.join("\n"));
  const secrets = resolveSecrets(base); // throws naming any missing variable when DATABASE_URL is set
  const embedded = base.DATABASE_URL ? null : await startEmbeddedDb({ dataDir: base.DATA_DIR });
  const url = base.DATABASE_URL ?? embedded!.url;
  const vars: Record<string, string> = { ...(secrets as Record<string, string>), DATABASE_URL: url };
  if (embedded) Object.assign(vars, { DATABASE_POOL_MAX: "1", RECEPTA_EMBEDDED_DB: "true" });
  Object.assign(process.env, vars);
  return { env: readEnv(), url, embedded, vars };
}

export function fail(error: unknown): never {
  console.error(`\nRecepta could not start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
