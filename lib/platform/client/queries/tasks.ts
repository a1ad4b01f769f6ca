import type { QueryClient } from "@tanstack/react-query";

const all = ["tasks"] as const;
export const taskKeys = { all, list: (status: "open" | "all") => [...all, "list", status] as const };

/** A caller's request done or reopened (or the conversation holding it handled). */
export const invalidateTasks = (qc: QueryClient) => qc.invalidateQueries({ queryKey: all });
