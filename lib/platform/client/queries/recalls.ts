import type { QueryClient } from "@tanstack/react-query";
import type { Answer } from "../api";

const all = ["recalls"] as const;
export const recallKeys = { all, list: () => [...all, "list"] as const, settings: () => [...all, "settings"] as const };

/** Recall texts sent: the list of patients due is read again. */
export const invalidateDueRecalls = (qc: QueryClient) => qc.invalidateQueries({ queryKey: recallKeys.list() });

/** The settings just saved; who is due depends on their intervals, so the list is read again. */
export function setRecallSettings(qc: QueryClient, saved: Answer<"/api/recall-settings", "put">) {
  qc.setQueryData(recallKeys.settings(), saved);
  return invalidateDueRecalls(qc);
}
