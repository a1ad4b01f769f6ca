// Every receptionist tool, in the order the assistant lists them. A new tool is its module (tool.ts, `defineTool`) and
// a line here: the assistant offers it when its `offered` says so, the webhook runs it by name, the metrics count it.
import { bookAppointment } from "./book-appointment";
import { textBookingLinkTool } from "./booking-link-tool";
import { cancelAppointment, rescheduleAppointment } from "./change-appointment";
import { checkAvailability } from "./check-availability";
import { lookupInfo } from "./lookup-info";
import { findMyAppointments } from "./my-appointments";
import { confirmAppointment, stopReminderCalls } from "./reminder-tools";
import { reportSpam } from "./report-spam";
import { takeMessage } from "./take-message";
import type { Tool } from "./tool";
import { sendVerificationCode, verifyCode, verifyIdentity } from "./verification-tools";
import { addToWaitlistTool } from "./waitlist-tool";

export const TOOLS: readonly Tool[] = [
  checkAvailability,
  bookAppointment,
  findMyAppointments,
  rescheduleAppointment,
  cancelAppointment,
  sendVerificationCode,
  verifyCode,
  verifyIdentity,
  addToWaitlistTool,
  textBookingLinkTool,
  takeMessage,
  lookupInfo,
  reportSpam,
  confirmAppointment,
  stopReminderCalls,
];

const BY_NAME = new Map(TOOLS.map((t) => [t.name, t]));

/** The tool the model called by this name; undefined for a name we never gave it. */
export const toolNamed = (name: string): Tool | undefined => BY_NAME.get(name);

/** The tools that look for or take a slot: a call that runs one wanted an appointment (the insights' booking success). */
export const APPOINTMENT_TOOLS: readonly string[] = [checkAvailability.name, bookAppointment.name];
