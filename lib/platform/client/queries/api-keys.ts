import type { QueryClient } from "@tanstack/react-query";

export const apiKeyKeys = { all: ["api-keys"] } as const;

/** A key made or revoked. */
export const invalidateApiKeys = (qc: QueryClient) => qc.invalidateQueries({ queryKey: apiKeyKeys.all });
