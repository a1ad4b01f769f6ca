import { queryOptions, type QueryClient } from "@tanstack/react-query";
import { api, ok } from "../api";

export const practitionerKeys = { all: ["practitioners"] } as const;

/** The practice's practitioners: their page, the calendar page and every practitioner picker read this one answer. */
export const practitionersQuery = () => queryOptions({ queryKey: practitionerKeys.all, queryFn: () => ok(api.GET("/api/practitioners")) });

/** A practitioner added, changed or removed, or their calendar connected or let go. */
export const invalidatePractitioners = (qc: QueryClient) => qc.invalidateQueries({ queryKey: practitionerKeys.all });
