import type { QueryClient } from "@tanstack/react-query";

const all = ["closures"] as const;
export const closureKeys = { all, list: () => [...all, "list"] as const, holidays: () => [...all, "holidays"] as const };

/**
 * A closure or a public holiday added, removed, opened or closed: both lists are read again, since a closure covers the
 * holidays inside it and a holiday kept closed closes the practice.
 */
export const invalidateClosures = (qc: QueryClient) => qc.invalidateQueries({ queryKey: all });
