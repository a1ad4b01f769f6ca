import type { QueryClient } from "@tanstack/react-query";

/** Whether the receptionist can be tried yet, with the steps left. */
export const tryReadinessKeys = { all: ["receptionist-try-readiness"] } as const;

/** A step undone elsewhere (another tab): the list of steps is brought up to date. */
export const invalidateTryReadiness = (qc: QueryClient) => qc.invalidateQueries({ queryKey: tryReadinessKeys.all });
