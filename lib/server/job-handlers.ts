// Which domain function runs each job, with its dependencies. It names functions from every domain folder, so it lives
// here with the rest of the wiring: lib/platform/jobs itself only knows the queue, and the domain can enqueue without a cycle.
import { purgeStaleCounters } from "@/lib/accounts/auth/rate-limit";
import { sendAccountSetup, sendHeldCheckoutNotice, type AccountNoticeDeps } from "@/lib/billing/account-notices";
import { sendRegisterAttempt } from "@/lib/messaging/notifications/register-attempt";
import { sendPasswordChanged, sendPasswordReset } from "@/lib/messaging/notifications/password-reset";
import { syncAppointmentToCalendar } from "@/lib/scheduling/booking/calendar-sync";
import type { BookingDeps } from "@/lib/scheduling/booking/core";
import {
  sendAppointmentNotice,
  sendAppointmentReminder,
  sendCalendarRevoked,
  sendMessageTaken,
  type DispatchDeps,
} from "@/lib/messaging/notifications/dispatch";
import { endAbandonedCalls } from "@/lib/receptionist/calls/abandoned";
import { sendRecallText } from "@/lib/messaging/notifications/recall-text";
import { runRecallSweep } from "@/lib/scheduling/recall/recall-sweep";
import { sendVerificationCode } from "@/lib/receptionist/tools/identity";
import { sendBookingLinkText } from "@/lib/messaging/notifications/booking-link-text";
import { sendBookingPageAbuse } from "@/lib/messaging/notifications/booking-page-abuse";
import { runReplyCancel, sendInboxReply, sendTaskDone, sendThreadNotice, sendThreadReply } from "@/lib/messaging/inbox/send";
import { purgeExpiredCallContent, purgeExpiredShortLived } from "@/lib/accounts/privacy/retention";
import { loadBusiness } from "@/lib/accounts/business/business";
import { appointments } from "@/db/schema";
import { eq } from "drizzle-orm";
import { JOB, type JobHandlers } from "@/lib/platform/jobs/queue";
import { bookTakenOffer, offerFreedSlot } from "@/lib/scheduling/waitlist/offers";
import { sendWaitlistText } from "@/lib/messaging/notifications/waitlist-texts";
import { deliverWebhook } from "@/lib/accounts/webhooks/deliver";
import { fillHolidays, runHolidaySweep } from "@/lib/scheduling/closures/holidays";
import { sendAccessMade } from "@/lib/messaging/notifications/access-made";

export function jobHandlers(booking: BookingDeps, dispatch: DispatchDeps, notices: AccountNoticeDeps): JobHandlers {
  return {
    [JOB.accountSetup]: (data) => sendAccountSetup(notices, data),
    [JOB.heldCheckout]: (data) => sendHeldCheckoutNotice(notices, data),
    [JOB.registerAttempt]: (data) => sendRegisterAttempt(notices, data),
    [JOB.passwordReset]: (data) => sendPasswordReset(notices, data),
    [JOB.passwordChanged]: (data) => sendPasswordChanged(notices, data),
    [JOB.appointmentNotice]: (data) => sendAppointmentNotice(dispatch, data),
    [JOB.appointmentReminder]: (data) => sendAppointmentReminder(dispatch, data),
    [JOB.messageTaken]: (data) => sendMessageTaken(dispatch, data),
    [JOB.calendarRevoked]: (data) => sendCalendarRevoked(dispatch, data),
    [JOB.inboxReply]: (data) => sendInboxReply(dispatch, data),
    [JOB.replyCancel]: (data) => runReplyCancel(booking, dispatch, data),
    [JOB.threadReply]: (data) => sendThreadReply(dispatch, data),
    [JOB.threadNotice]: (data) => sendThreadNotice(dispatch, data),
    [JOB.verificationCode]: (data) => sendVerificationCode(booking, dispatch, data),
    [JOB.bookingLinkText]: (data) => sendBookingLinkText(dispatch, data),
    [JOB.bookingPageAbuse]: (data) => sendBookingPageAbuse(dispatch, data),
    [JOB.taskDone]: (data) => sendTaskDone(dispatch, data),
    [JOB.waitlistSlot]: (data) => offerFreedSlot(booking, data),
    [JOB.waitlistTake]: (data) => bookTakenOffer(booking, data),
    [JOB.waitlistText]: (data) => sendWaitlistText(dispatch, data),
    [JOB.retentionPurge]: async () => {
      await purgeExpiredCallContent(booking.db);
      await purgeExpiredShortLived(booking.db);
      await purgeStaleCounters(booking.db);
    },
    [JOB.abandonedCalls]: async () => {
      await endAbandonedCalls(booking.db);
    },
    [JOB.recallSweep]: () => runRecallSweep(booking),
    [JOB.recallText]: (data) => sendRecallText(dispatch, data),
    [JOB.webhookDelivery]: (data) => deliverWebhook(booking, data),
    [JOB.holidaySweep]: async () => {
      // A business that failed is left to the queue's retry of the whole sweep (the others are up to date by then).
      const { failed } = await runHolidaySweep(booking.db, booking.now?.() ?? new Date());
      if (failed > 0) throw new Error(`public holidays not filled for ${failed} businesses`);
    },
    [JOB.holidayFill]: async ({ userId }) => {
      await fillHolidays(booking.db, userId);
    },
    [JOB.accessMade]: (data) => sendAccessMade(notices, data),
    [JOB.calendarSync]: async ({ appointmentId }) => {
      const [a] = await booking.db
        .select({ userId: appointments.userId })
        .from(appointments)
        .where(eq(appointments.id, appointmentId))
        .limit(1);
      if (!a) return;
      const biz = await loadBusiness(booking.db, a.userId);
      if (biz) await syncAppointmentToCalendar(booking, biz, appointmentId);
    },
  };
}
