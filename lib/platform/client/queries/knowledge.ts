import type { QueryClient } from "@tanstack/react-query";

export const knowledgeKeys = { all: ["knowledge"] } as const;

/** An entry of what the receptionist knows added, changed or removed. */
export const invalidateKnowledge = (qc: QueryClient) => qc.invalidateQueries({ queryKey: knowledgeKeys.all });
