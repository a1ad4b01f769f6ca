// Booking against the owner's real availability. The database decides who wins a slot (the appointments_no_overlap
// exclusion constraint); the calendar is checked fresh just before, and the calendar event is written after the commit
// with an id derived from the appointment, so a retry can never create a second event. When the calendar call fails,
// the appointment stands and a durable job keeps trying (calendarSyncStatus says where it is).
//
// This file is the folder's public face; the commands, busy time, calendar sync and follow-ups live in their own files.
export { type Appointment, type BookingDeps, CalendarUnavailableError, DeadlineExceededError, HORIZON_DAYS, MIN_NOTICE_MINUTES, beforeDeadline } from "./core";
export { busyIntervals, findSlots, forgetCalendarBusy, warmCalendar } from "./busy-time";
export { calendarEventIdFor, syncAppointmentToCalendar } from "./calendar-sync";
export { afterChange, afterChangeSafely } from "./follow-ups";
export {
  type BookingOutcome,
  type BookingRequest,
  type BookingSource,
  type NewBooking,
  type RescheduleOutcome,
  bookByPhone,
  cancelBooked,
  insertBooking,
  rescheduleByPhone,
  upcomingForCaller,
} from "./commands";
