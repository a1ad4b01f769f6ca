// The app's side of the ordered shutdown. scripts/server.mjs is plain Node (not bundled by Next), so the contract is a
// list on globalThis: `globalThis.__receptaShutdown: { name, run }[]`. On SIGTERM/SIGINT server.mjs drains the HTTP
// server first, then runs these hooks last-registered first (scripts/graceful.mjs), then exits. Last first, because what
// starts later uses what started earlier: the job workers are registered after the pool they query, so they stop first.
// Under `next dev` nothing runs them; the process just ends (jobs cut mid-run are retried).

export type ShutdownHook = { name: string; run: () => Promise<void> };

const registry = globalThis as unknown as { __receptaShutdown?: ShutdownHook[] };

/** Registers (or, after a dev reload, replaces in place) the hook called `name`. */
export function onShutdown(name: string, run: () => Promise<void>): void {
  const hooks = (registry.__receptaShutdown ??= []);
  const existing = hooks.find((h) => h.name === name);
  if (existing) existing.run = run;
  else hooks.push({ name, run });
}
