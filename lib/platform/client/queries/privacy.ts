import { queryOptions, type QueryClient } from "@tanstack/react-query";
import { api, ok, type Answer } from "../api";
import { invalidateCallList } from "./calls";

export const privacyKeys = { all: ["privacy"] } as const;

/** The privacy settings: their page, and the retention period the calls page states. */
export const privacyQuery = () => queryOptions({ queryKey: privacyKeys.all, queryFn: () => ok(api.GET("/api/account/privacy")) });

/** The settings just saved; the calls list is read again, its purge dates following the new period. */
export function setPrivacy(qc: QueryClient, saved: Answer<"/api/account/privacy", "put">) {
  qc.setQueryData(privacyQuery().queryKey, saved);
  return invalidateCallList(qc);
}
