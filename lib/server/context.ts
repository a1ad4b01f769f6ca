// Wires the domain's dependencies for route handlers and server components: the pool, the session settings and the
// providers. The domain itself never reads this module; it receives what it needs.
import { getDb, type Db } from "@/db/client";
import type { SessionConfig } from "@/lib/auth/session";
import { env, requireSecret } from "@/lib/env";
import { createSecretBox, type SecretBox } from "@/lib/crypto/secret-box";
import { createProviders, type Providers } from "@/lib/providers/registry";

export type AppContext = { db: Db; session: SessionConfig; providers: Providers; secrets: SecretBox };

const globalForCtx = globalThis as unknown as { __receptaCtx?: AppContext };

export function appContext(): AppContext {
  if (!globalForCtx.__receptaCtx) {
    const e = env();
    const db = getDb();
    const secret = requireSecret("AUTH_SECRET");
    globalForCtx.__receptaCtx = {
      db,
      session: { secret, appUrl: e.appUrl },
      providers: createProviders(db, e, secret),
      secrets: createSecretBox(requireSecret("ENCRYPTION_KEY")),
    };
  }
  return globalForCtx.__receptaCtx;
}

/** Tests reset the wiring when they change the environment. */
export function resetAppContext(): void {
  globalForCtx.__receptaCtx = undefined;
}
