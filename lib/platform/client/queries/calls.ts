import type { QueryClient } from "@tanstack/react-query";

const all = ["calls"] as const;
export const callKeys = { all, list: () => [...all, "list"] as const, detail: (id: string) => [...all, "detail", id] as const };

/** What the list says of every call changed (their purge dates follow the retention period). A call's page is not. */
export const invalidateCallList = (qc: QueryClient) => qc.invalidateQueries({ queryKey: callKeys.list() });
