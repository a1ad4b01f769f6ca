import type { QueryClient } from "@tanstack/react-query";

const all = ["admin"] as const;
export const adminKeys = {
  all,
  users: () => [...all, "users"] as const,
  user: (id: string) => [...all, "user", id] as const,
  usage: () => [...all, "usage"] as const,
  availableNumbers: () => [...all, "available-numbers"] as const,
  /** The number pool, all of it (country "") or one country's. */
  pool: (country: string) => [...all, "pool", country] as const,
  outbox: (q: string, channel: string) => [...all, "outbox", q, channel] as const,
};

/** An account or a pool number changed: everything the admin pages show is read again (one change shows in several). */
export const invalidateAdmin = (qc: QueryClient) => qc.invalidateQueries({ queryKey: all });

/** A number may have been taken meanwhile: the pool's free numbers are read again. */
export const invalidateAvailableNumbers = (qc: QueryClient) => qc.invalidateQueries({ queryKey: adminKeys.availableNumbers() });
