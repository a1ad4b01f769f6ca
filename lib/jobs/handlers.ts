// Which domain function runs each job, with its dependencies.
import { sendAccountSetup, type AccountNoticeDeps } from "@/lib/billing/account-notices";
import { syncAppointmentToCalendar, type BookingDeps } from "@/lib/booking/booking";
import { sendAppointmentNotice, sendAppointmentReminder, sendCalendarRevoked, sendMessageTaken, type DispatchDeps } from "@/lib/notifications/dispatch";
import { purgeExpiredCallContent } from "@/lib/privacy/retention";
import { loadBusiness } from "@/lib/receptionist/business";
import { appointments } from "@/db/schema";
import { eq } from "drizzle-orm";
import { JOB, type JobHandlers } from "./queue";

export function jobHandlers(booking: BookingDeps, dispatch: DispatchDeps, notices: AccountNoticeDeps): JobHandlers {
  return {
    [JOB.accountSetup]: (data) => sendAccountSetup(notices, data),
    [JOB.appointmentNotice]: (data) => sendAppointmentNotice(dispatch, data),
    [JOB.appointmentReminder]: (data) => sendAppointmentReminder(dispatch, data),
    [JOB.messageTaken]: (data) => sendMessageTaken(dispatch, data),
    [JOB.calendarRevoked]: (data) => sendCalendarRevoked(dispatch, data),
    [JOB.retentionPurge]: async () => {
      await purgeExpiredCallContent(booking.db);
    },
    [JOB.calendarSync]: async ({ appointmentId }) => {
      const [a] = await booking.db.select({ userId: appointments.userId }).from(appointments).where(eq(appointments.id, appointmentId)).limit(1);
      if (!a) return;
      const biz = await loadBusiness(booking.db, a.userId);
      if (biz) await syncAppointmentToCalendar(booking, biz, appointmentId);
    },
  };
}
