import type { QueryClient } from "@tanstack/react-query";

/** Subscriptions paid for but held until the owner claims them. */
export const heldCheckoutKeys = { all: ["held-checkouts"] } as const;

/** A held subscription claimed, ended or taken meanwhile. */
export const invalidateHeldCheckouts = (qc: QueryClient) => qc.invalidateQueries({ queryKey: heldCheckoutKeys.all });
