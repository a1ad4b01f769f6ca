// Types for scripts/graceful.mjs (plain JS run by node; the project does not check JS).
import type { Server } from "node:http";

export type ShutdownHook = { name: string; run: () => Promise<void> };
export type ShutdownLog = {
  info(fields: object, msg: string): void;
  warn(fields: object, msg: string): void;
  error(fields: object, msg: string): void;
};

export function drainHttp(server: Server, options?: { timeoutMs?: number }): Promise<{ forced: boolean }>;
export function runShutdownHooks(hooks: ShutdownHook[], options?: { timeoutMs?: number; log?: ShutdownLog }): Promise<void>;
export function shutdown(
  server: Server,
  options: { hooks: ShutdownHook[]; drainMs?: number; hookMs?: number; log?: ShutdownLog },
): Promise<void>;
