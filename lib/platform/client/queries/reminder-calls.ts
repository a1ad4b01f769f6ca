import { queryOptions, type QueryClient } from "@tanstack/react-query";
import { api, ok, type Answer } from "../api";
import { invalidateAppointments } from "./appointments";

const all = ["reminder-calls"] as const;
export const reminderCallKeys = { all, list: () => [...all, "list"] as const, settings: () => [...all, "settings"] as const };

export const reminderCallsQuery = () =>
  queryOptions({ queryKey: reminderCallKeys.list(), queryFn: () => ok(api.GET("/api/reminder-calls")) });
export const reminderCallSettingsQuery = () =>
  queryOptions({ queryKey: reminderCallKeys.settings(), queryFn: () => ok(api.GET("/api/reminder-calls/settings")) });

/** The settings just saved. Which calls exist does not change until the sweep's next run, so nothing else is read again. */
export function setReminderCallSettings(qc: QueryClient, saved: Answer<"/api/reminder-calls/settings", "put">) {
  qc.setQueryData(reminderCallKeys.settings(), saved);
}

/**
 * Reminder calls placed: their list, and the appointments, since a callee can cancel or move theirs on the call (and a
 * confirmation shows there as "confirmed by phone").
 */
export const invalidateReminderRun = (qc: QueryClient) =>
  Promise.all([qc.invalidateQueries({ queryKey: reminderCallKeys.list() }), invalidateAppointments(qc)]);
