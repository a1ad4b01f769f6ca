import { queryOptions, type QueryClient } from "@tanstack/react-query";
import { api, ok } from "../api";

export const blockedNumberKeys = { all: ["blocked-numbers"] } as const;

/** The blocklist: its page, and a call's "Block this number", which says when the caller already is on it. */
export const blockedNumbersQuery = () =>
  queryOptions({ queryKey: blockedNumberKeys.all, queryFn: () => ok(api.GET("/api/blocked-numbers")) });

/** A number blocked or unblocked (here or meanwhile elsewhere). */
export const invalidateBlockedNumbers = (qc: QueryClient) => qc.invalidateQueries({ queryKey: blockedNumberKeys.all });
