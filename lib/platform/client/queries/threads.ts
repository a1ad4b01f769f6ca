import type { QueryClient } from "@tanstack/react-query";

const all = ["threads"] as const;
export const threadKeys = {
  all,
  list: (status: "open" | "done" | "all") => [...all, "list", status] as const,
  detail: (id: string) => [...all, "detail", id] as const,
  /** The count of unread conversations beside the inbox's link. */
  unread: () => [...all, "unread"] as const,
};

/** A conversation read, handled, reopened, answered or texted: the inbox's lists, the open one and the unread count. */
export const invalidateThreads = (qc: QueryClient) => qc.invalidateQueries({ queryKey: all });
