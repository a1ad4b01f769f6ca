// What each change reads again: a query is refreshed when its key starts with the key invalidated, so a key put under
// the wrong root would silently stop a list from updating (or start refreshing one nobody changed). Every key the
// dashboard uses is cached, each invalidation run, and the keys it marks stale compared with the intended set.
import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { adminKeys, invalidateAdmin, invalidateAvailableNumbers } from "./admin";
import { appointmentKeys, invalidateAppointments, invalidateReassigned } from "./appointments";
import { calendarKeys, invalidateCalendarFeed } from "./calendar";
import { callKeys, invalidateCallList } from "./calls";
import { closureKeys, invalidateClosures } from "./closures";
import { practitionerKeys } from "./practitioners";
import { privacyKeys, setPrivacy } from "./privacy";
import { invalidateDueRecalls, recallKeys, setRecallSettings } from "./recalls";
import { invalidateReminderRun, reminderCallKeys, setReminderCallSettings } from "./reminder-calls";
import { invalidateTasks, taskKeys } from "./tasks";
import { invalidateThreads, threadKeys } from "./threads";
import { invalidateWebhookDeliveries, invalidateWebhookEndpoints, webhookKeys } from "./webhooks";

const KEYS: Record<string, readonly unknown[]> = {
  practitioners: practitionerKeys.all,
  appointmentsList: appointmentKeys.list(""),
  appointmentsOfOne: appointmentKeys.list("p1"),
  appointmentsWeek: appointmentKeys.week("p1", "2026-03-02"),
  calendarEvents: calendarKeys.events(),
  practiceFeed: calendarKeys.feed(),
  practitionerFeed: calendarKeys.feed("p1"),
  closures: closureKeys.list(),
  holidays: closureKeys.holidays(),
  calls: callKeys.list(),
  call: callKeys.detail("c1"),
  privacy: privacyKeys.all,
  adminUsers: adminKeys.users(),
  adminUser: adminKeys.user("u1"),
  adminUsage: adminKeys.usage(),
  adminAvailable: adminKeys.availableNumbers(),
  adminPool: adminKeys.pool("FR"),
  adminOutbox: adminKeys.outbox("", ""),
  threadsOpen: threadKeys.list("open"),
  thread: threadKeys.detail("t1"),
  unreadBadge: threadKeys.unread(),
  tasksOpen: taskKeys.list("open"),
  recalls: recallKeys.list(),
  recallSettings: recallKeys.settings(),
  reminderCalls: reminderCallKeys.list(),
  reminderSettings: reminderCallKeys.settings(),
  endpoints: webhookKeys.endpoints(),
  deliveries: webhookKeys.deliveries("e1"),
  otherDeliveries: webhookKeys.deliveries("e2"),
};

/** The names of the keys a change leaves stale (or, with setQueryData, rewrites). */
async function refreshedBy(change: (qc: QueryClient) => unknown): Promise<string[]> {
  const qc = new QueryClient();
  for (const key of Object.values(KEYS)) qc.setQueryData(key, { before: true });
  await change(qc);
  return Object.entries(KEYS)
    .filter(([, key]) => {
      const query = qc.getQueryCache().find({ queryKey: key, exact: true })!;
      return query.state.isInvalidated || !(query.state.data as { before?: boolean }).before;
    })
    .map(([name]) => name)
    .sort();
}

describe("the dashboard's invalidations", () => {
  it.each([
    ["an appointment booked or cancelled", invalidateAppointments, ["appointmentsList", "appointmentsOfOne", "appointmentsWeek"]],
    ["an appointment reassigned", invalidateReassigned, ["appointmentsList", "appointmentsOfOne", "appointmentsWeek", "practitioners"]],
    ["a practitioner's feed reset", (qc: QueryClient) => invalidateCalendarFeed(qc, "p1"), ["practitionerFeed"]],
    ["the practice's feed reset", (qc: QueryClient) => invalidateCalendarFeed(qc), ["practiceFeed"]],
    ["a closure or a holiday changed", invalidateClosures, ["closures", "holidays"]],
    ["the calls' purge dates changed", invalidateCallList, ["calls"]],
    ["the privacy settings saved", (qc: QueryClient) => setPrivacy(qc, {} as never), ["calls", "privacy"]],
    [
      "an account or a pool number changed",
      invalidateAdmin,
      ["adminAvailable", "adminOutbox", "adminPool", "adminUsage", "adminUser", "adminUsers"],
    ],
    ["a number assignment failed", invalidateAvailableNumbers, ["adminAvailable"]],
    ["a conversation changed", invalidateThreads, ["thread", "threadsOpen", "unreadBadge"]],
    ["a task done", invalidateTasks, ["tasksOpen"]],
    ["recall texts sent", invalidateDueRecalls, ["recalls"]],
    ["the recall settings saved", (qc: QueryClient) => setRecallSettings(qc, {} as never), ["recallSettings", "recalls"]],
    ["reminder calls placed", invalidateReminderRun, ["appointmentsList", "appointmentsOfOne", "appointmentsWeek", "reminderCalls"]],
    ["the reminder-call settings saved", (qc: QueryClient) => setReminderCallSettings(qc, {} as never), ["reminderSettings"]],
    ["an endpoint changed", invalidateWebhookEndpoints, ["endpoints"]],
    ["a delivery sent", (qc: QueryClient) => invalidateWebhookDeliveries(qc, "e1"), ["deliveries", "endpoints"]],
  ] as const)("%s refreshes exactly its queries", async (_, change, expected) => {
    expect(await refreshedBy(change)).toEqual([...expected].sort());
  });
});
