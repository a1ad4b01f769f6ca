import { queryOptions, type QueryClient } from "@tanstack/react-query";
import { api, ok } from "../api";

export const memberKeys = { all: ["members"] } as const;

/** The team: the owner, the members and the pending invitations (the Team page). */
export const membersQuery = () => queryOptions({ queryKey: memberKeys.all, queryFn: () => ok(api.GET("/api/members")) });

/** Someone invited, given another role, or removed. */
export const invalidateMembers = (qc: QueryClient) => qc.invalidateQueries({ queryKey: memberKeys.all });
