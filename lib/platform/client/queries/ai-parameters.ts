import type { QueryClient } from "@tanstack/react-query";

export const aiParameterKeys = { all: ["ai-parameters"] } as const;

/** The receptionist's settings saved or reset: the server says again what callers hear. */
export const invalidateAiParameters = (qc: QueryClient) => qc.invalidateQueries({ queryKey: aiParameterKeys.all });
