import type { QueryClient } from "@tanstack/react-query";

export const waitlistKeys = { all: ["waitlist"] } as const;

/** Someone added to the waitlist or taken off it. */
export const invalidateWaitlist = (qc: QueryClient) => qc.invalidateQueries({ queryKey: waitlistKeys.all });
