// Calendar sync: makes the practitioner's calendar match an appointment as it is now. The event id is derived from the
// appointment (Google, CalDAV), or is the provider's own kept with it the moment it is given (Microsoft, whose retried
// inserts carry ours as their idempotency key), so the inline attempt and any number of job retries converge on one event.
import { and, eq, isNull } from "drizzle-orm";
import { appointments } from "@/db/schema";
import { CalendarGrantRevokedError } from "@/lib/ports/calendar";
import { loadBusiness, type Business } from "@/lib/accounts/business/business";
import { translate } from "@/lib/platform/i18n/translate";
import { formatDateTime } from "@/lib/platform/format/intl";
import { type Appointment, type BookingDeps, byId, calendarAccessOf, calendarOf, calendarRevoked } from "./core";
import { forgetCalendarBusy } from "./busy-time";

/** Google event ids are base32hex (0-9, a-v): "rc" + the appointment's hex digits, stable across retries. */
export function calendarEventIdFor(appointmentId: string): string {
  return `rc${appointmentId.replace(/-/g, "").toLowerCase()}`;
}

/**
 * Makes the calendar match the appointment as it is now: a booked one has its event at its time, a cancelled one has
 * none. Idempotent and order-independent, so the inline attempt and any number of job retries converge. `known` is the
 * row as the change that calls this wrote it (one read less on a call); any later change is caught below.
 */
export async function syncAppointmentToCalendar(
  deps: BookingDeps,
  biz: Business,
  appointmentId: string,
  known?: Appointment,
): Promise<void> {
  // Changed while we wrote (moved or cancelled meanwhile)? Once more with what it is now.
  let appt = known?.id === appointmentId ? known : await byId(deps.db, appointmentId);
  for (let pass = 0; pass < 3 && appt; pass++) {
    if ((await syncOnce(deps, biz, appt)) !== "changed") return;
    appt = await byId(deps.db, appointmentId);
  }
}

/** The calendar-sync job: the appointment's calendar made to match it, when the attempt inline failed. */
export async function syncAppointmentJob(deps: BookingDeps, appointmentId: string): Promise<void> {
  const appt = await byId(deps.db, appointmentId);
  if (!appt) return;
  const biz = await loadBusiness(deps.db, appt.userId);
  if (biz) await syncAppointmentToCalendar(deps, biz, appointmentId, appt);
}

/**
 * One write to the calendar for the appointment as `appt` has it. "changed": the appointment was moved or cancelled
 * while we wrote (its version or status no longer match), so the calendar may show what it was.
 */
async function syncOnce(deps: BookingDeps, biz: Business, appt: Appointment): Promise<"synced" | "changed" | "not_connected"> {
  // The grant of the appointment's practitioner, read with the business (one query less on the call path).
  const grant = calendarOf(biz, appt.practitionerId);
  const access = grant ? calendarAccessOf(deps, biz.userId, appt.practitionerId, grant) : null;
  if (!access) {
    await deps.db.update(appointments).set({ calendarSyncStatus: "not_connected" }).where(eq(appointments.id, appt.id));
    return "not_connected";
  }
  // Ours until the provider answers with its own (Microsoft picks its ids; Google and CalDAV keep ours).
  let eventId = appt.calendarEventId ?? calendarEventIdFor(appt.id);
  try {
    if (appt.status === "cancelled") {
      await deps.calendar.deleteEvent(access, eventId);
    } else {
      const event = {
        eventId,
        start: appt.startsAt,
        end: appt.endsAt,
        timeZone: biz.timeZone,
        summary: eventSummary(biz, appt),
        description: eventDescription(biz, appt),
        attendeeEmail: appt.patientEmail,
      };
      const written = appt.calendarEventId ? await deps.calendar.patchEvent(access, event) : await deps.calendar.insertEvent(access, event);
      // An id other than ours (Microsoft picks its own) is kept at once, whatever happened to the appointment meanwhile:
      // the provider is only asked about the event by that id, so the next pass patches or deletes it rather than
      // losing it. Ours needs no write of its own: any pass derives it again, and the synced mark below stores it.
      if (written.eventId !== eventId) {
        await deps.db
          .update(appointments)
          .set({ calendarEventId: written.eventId })
          .where(
            and(
              eq(appointments.id, appt.id),
              appt.calendarEventId ? eq(appointments.calendarEventId, appt.calendarEventId) : isNull(appointments.calendarEventId),
            ),
          );
        eventId = written.eventId;
      }
    }
  } catch (e) {
    if (e instanceof CalendarGrantRevokedError) {
      await calendarRevoked(deps, biz.userId, appt.practitionerId, grant!);
      await deps.db.update(appointments).set({ calendarSyncStatus: "not_connected" }).where(eq(appointments.id, appt.id));
      return "not_connected";
    }
    throw e;
  }
  forgetCalendarBusy(appt.practitionerId);
  const marked = await deps.db
    .update(appointments)
    .set({ calendarEventId: eventId, calendarSyncStatus: "synced" })
    .where(and(eq(appointments.id, appt.id), eq(appointments.version, appt.version), eq(appointments.status, appt.status)))
    .returning({ id: appointments.id });
  return marked.length ? "synced" : "changed";
}

/** The fields of an appointment its calendar event is written from. */
export type EventSource = Pick<Appointment, "source" | "patientName" | "patientPhone" | "patientEmail" | "reason" | "startsAt">;

/** An appointment's event title, in the owner's language: the calendar feed writes the same. */
export function eventSummary(biz: Pick<Business, "locale">, a: Pick<Appointment, "patientName">): string {
  return translate(biz.locale, "CalendarEvent.summary", { name: a.patientName });
}

/** An appointment's event text, in the owner's language: the calendar feed writes the same. */
export function eventDescription(biz: Pick<Business, "locale" | "timeZone">, a: EventSource): string {
  const t = (key: string, params: Record<string, string> = {}) => translate(biz.locale, `CalendarEvent.${key}`, params);
  const lines = [
    t(a.source === "phone" ? "bookedByPhone" : "bookedInDashboard"),
    t("patient", { name: a.patientName }),
    a.patientPhone ? t("phone", { phone: a.patientPhone }) : null,
    a.patientEmail ? t("email", { email: a.patientEmail }) : null,
    a.reason ? t("reason", { reason: a.reason }) : null,
    t("when", { when: formatDateTime(a.startsAt, biz.locale, biz.timeZone) }),
  ];
  return lines.filter(Boolean).join("\n");
}
