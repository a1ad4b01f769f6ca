// The jobs messaging runs: the texts and emails that leave in the background, but those of a feature with an area of
// its own (the booking page, recall, the waitlist run theirs). Their data is declared by the areas that send them
// (scheduling's booking/booking.jobs.ts, accounts' account/account.jobs.ts …) and by inbox/inbox.jobs.ts;
// lib/server/job-handlers.ts assembles every area's.
import { defineJobs } from "@/lib/platform/jobs/queue";
import type { BookingDeps } from "@/lib/scheduling/booking/core";
import { runReplyCancel, sendInboxReply, sendTaskDone, sendThreadNotice, sendThreadReply } from "@/lib/messaging/inbox/send";
import { sendAccessMade, type AccessMadeDeps } from "@/lib/messaging/notifications/access-made";
import {
  sendAppointmentNotice,
  sendAppointmentReminder,
  sendCalendarRevoked,
  sendMessageTaken,
  type DispatchDeps,
} from "@/lib/messaging/notifications/dispatch";
import { sendPasswordChanged, sendPasswordReset, type PasswordResetDeps } from "@/lib/messaging/notifications/password-reset";
import { sendMemberInvite } from "@/lib/messaging/notifications/member-invite";
import { sendRegisterAttempt, type RegisterAttemptDeps } from "@/lib/messaging/notifications/register-attempt";

type Deps = { booking: BookingDeps; dispatch: DispatchDeps; notices: AccessMadeDeps & PasswordResetDeps & RegisterAttemptDeps };

export const messagingJobs = defineJobs<Deps>()({
  // A booking's confirmation is urgent (the caller may still be on the line): two workers. The other texts, one.
  "appointment-notice": { workers: 2, run: ({ dispatch }, data) => sendAppointmentNotice(dispatch, data) },
  "appointment-reminder": { run: ({ dispatch }, data) => sendAppointmentReminder(dispatch, data) },
  "message-taken": { run: ({ dispatch }, data) => sendMessageTaken(dispatch, data) },
  "calendar-revoked": { run: ({ dispatch }, data) => sendCalendarRevoked(dispatch, data) },
  "inbox-reply": { run: ({ dispatch }, data) => sendInboxReply(dispatch, data) },
  "reply-cancel": { run: ({ booking, dispatch }, data) => runReplyCancel(booking, dispatch, data) },
  "thread-reply": { run: ({ dispatch }, data) => sendThreadReply(dispatch, data) },
  "thread-notice": { run: ({ dispatch }, data) => sendThreadNotice(dispatch, data) },
  "task-done": { run: ({ dispatch }, data) => sendTaskDone(dispatch, data) },
  "register-attempt": { run: ({ notices }, data) => sendRegisterAttempt(notices, data) },
  "password-reset": { run: ({ notices }, data) => sendPasswordReset(notices, data) },
  "password-changed": { run: ({ notices }, data) => sendPasswordChanged(notices, data) },
  "access-made": { run: ({ notices }, data) => sendAccessMade(notices, data) },
  "member-invite": { run: ({ notices }, data) => sendMemberInvite(notices, data) },
});
