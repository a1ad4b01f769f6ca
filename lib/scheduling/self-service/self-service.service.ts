// The caller's own page for one appointment (/a/<token>): see it, cancel it, or move it to a free slot, through the same
// booking commands as a call ("link" source: the rules a caller has on the phone), up to the owner's cut-off. The signed
// link is the only key: it names one appointment and expires when it starts.
import { firstNames } from "@/lib/platform/format/person-name";
import { AppError } from "@/lib/platform/errors";
import type { LimitKey } from "@/lib/accounts/auth/rate-limit";
import { freeSlots, type Interval } from "@/lib/scheduling/availability/availability";
import {
  type Appointment,
  type BookingDeps,
  byId,
  clock,
  DAY_MS,
  daySummary,
  type DaySummary,
  MIN_NOTICE_MINUTES,
  openingOn,
  rules,
  selfServiceUntil,
} from "@/lib/scheduling/booking/core";
import { cancel, reschedule } from "@/lib/scheduling/booking/commands";
import { agendaOf } from "@/lib/scheduling/booking/busy-time";
import { readSelfServiceToken } from "@/lib/scheduling/booking/self-service-link";
import { loadBusiness, type Business } from "@/lib/accounts/business/business";
import { practitionerToName } from "@/lib/accounts/business/tenant";
import { countryOfBusiness, readerCountry } from "@/lib/platform/phone/phone";
import { localDate, zonedWallTimeToUtc } from "@/lib/platform/time/zoned-time";
import { keyParam } from "@/lib/platform/message-param";

export type SelfServiceDeps = BookingDeps & { linkSecret: string };

export type SelfServiceView = {
  businessName: string;
  /** The number to call instead (the business's line, else the owner's). */
  businessPhone: string | null;
  businessAddress: string | null;
  /** The caller's country (their number's): the business's number is written as they dial it; null: international. */
  country: string | null;
  timeZone: string;
  startsAt: string;
  endsAt: string;
  durationMinutes: number;
  status: "booked" | "cancelled";
  /** The first word of the name it was booked under: enough for the caller to know it is theirs. */
  patientFirstName: string;
  /**
   * The first word of the name of who booked it, when that is not the patient (a parent for a child): the page says
   * "Appointment for Léa, booked by Sophie". Null: the patient booked it.
   */
  bookedByFirstName: string | null;
  /** What it is for: the service booked, else the reason given; null when neither was. */
  purpose: string | null;
  /** Who it is with, in a practice of several (null in a practice of one). */
  practitioner: string | null;
  language: "en" | "fr" | "es";
  /** Whether the caller may cancel or move it now; when not, why. */
  changeable: boolean;
  closedReason: "cancelled" | "started" | "cutoff" | null;
  /** Until when it can be changed here (null once cancelled or started). */
  changeUntil: string | null;
  cutoffHours: number;
};

type Opened = { appointment: Appointment; biz: Business };

/** The link's appointment and business, or the refusal a dead link earns (404 altered or unknown, 410 expired). */
async function openLink(deps: SelfServiceDeps, token: string): Promise<Opened> {
  const read = readSelfServiceToken(deps.linkSecret, token, clock(deps));
  if (!read.ok)
    throw new AppError(read.reason === "expired" ? "gone" : "not_found", read.reason === "expired" ? "linkExpired" : "linkInvalid");
  const appointment = await byId(deps.db, read.appointmentId);
  const biz = appointment ? await loadBusiness(deps.db, appointment.userId) : null;
  if (!appointment || !biz) throw new AppError("not_found", "linkInvalid");
  return { appointment, biz };
}

function view(deps: SelfServiceDeps, { appointment: a, biz }: Opened): SelfServiceView {
  const now = clock(deps);
  const until = selfServiceUntil(a.startsAt, biz.selfServiceCutoffHours);
  const closedReason = a.status === "cancelled" ? "cancelled" : a.startsAt <= now ? "started" : until <= now ? ("cutoff" as const) : null;
  return {
    businessName: biz.businessName,
    businessPhone: biz.line ?? biz.ownerPhone,
    businessAddress: biz.businessAddress,
    // The caller reads it: the business's number as their phone dials it (international form from another country).
    country: readerCountry(a.patientPhone, countryOfBusiness(biz)),
    timeZone: biz.timeZone,
    startsAt: a.startsAt.toISOString(),
    endsAt: a.endsAt.toISOString(),
    durationMinutes: Math.round((a.endsAt.getTime() - a.startsAt.getTime()) / 60_000),
    status: a.status,
    patientFirstName: firstNames(a.patientName, a.callerName).patient,
    bookedByFirstName: a.callerName ? firstNames(a.patientName, a.callerName).caller || null : null,
    // The service only: the link travels in a text and can be forwarded, and the reason is the caller's own words about
    // their health ("chest pain").
    purpose: a.service?.trim() || null,
    practitioner: practitionerToName(biz.practitioners, a.practitionerId),
    language: a.language,
    changeable: closedReason === null,
    closedReason,
    changeUntil: closedReason === "cancelled" || closedReason === "started" ? null : until.toISOString(),
    cutoffHours: biz.selfServiceCutoffHours,
  };
}

function assertChangeable(deps: SelfServiceDeps, opened: Opened): void {
  const v = view(deps, opened);
  if (v.changeable) return;
  if (v.closedReason === "cutoff") throw new AppError("conflict", "selfServiceCutoff", { hours: v.cutoffHours });
  throw new AppError("conflict", v.closedReason === "cancelled" ? "selfServiceCancelled" : "selfServiceStarted");
}

export async function selfServiceView(deps: SelfServiceDeps, token: string): Promise<SelfServiceView> {
  return view(deps, await openLink(deps, token));
}

/**
 * The free starts of one day (the business's calendar date) the appointment could move to, and whether the business is
 * open that day: its own time is free for its own move, nothing before the cut-off or the notice period is offered.
 */
export async function selfServiceSlots(
  deps: SelfServiceDeps,
  token: string,
  date: string,
): Promise<{ date: string; day: DaySummary; slots: Interval[] }> {
  const opened = await openLink(deps, token);
  assertChangeable(deps, opened);
  const { biz, appointment: a } = opened;
  const from = zonedWallTimeToUtc(date, "00:00", biz.timeZone);
  if (!from) throw new AppError("bad_request", "Validation.dateInvalid", { field: keyParam("Fields.date") });
  const to = new Date(from.getTime() + DAY_MS + 2 * 3_600_000); // a day of a DST change is 23 to 25 hours long
  const now = clock(deps);
  // It stays with its practitioner: their week and agenda.
  const { seats, practitioners } = await agendaOf(deps, biz, from, to, {
    ignoreAppointmentId: a.id,
    ignore: { start: a.startsAt, end: a.endsAt },
    only: [a.practitionerId],
  });
  const seat = seats[0] ?? { ...rules(biz, now), busy: [] };
  const slots = freeSlots({
    ...seat,
    durationMinutes: Math.round((a.endsAt.getTime() - a.startsAt.getTime()) / 60_000),
    minNoticeMinutes: Math.max(MIN_NOTICE_MINUTES, biz.selfServiceCutoffHours * 60),
    from,
    to,
  }).filter((s) => s.start.getTime() !== a.startsAt.getTime() && localDate(s.start, biz.timeZone) === date);
  return { date, day: daySummary(openingOn(biz, date, practitioners[0])), slots };
}

export async function selfServiceCancel(deps: SelfServiceDeps, token: string): Promise<SelfServiceView> {
  const opened = await openLink(deps, token);
  assertChangeable(deps, opened);
  // The appointment as the cut-off was checked: moved meanwhile (the owner, another tab), this cancels nothing.
  const which = { source: "link" as const, appointmentId: opened.appointment.id, version: opened.appointment.version };
  const cancelled = await cancel(deps, opened.biz, which);
  // Null: cancelled or moved meanwhile (another tab, the owner); the page shows what it is now.
  const now = cancelled ?? (await byId(deps.db, opened.appointment.id)) ?? opened.appointment;
  return view(deps, { ...opened, appointment: now });
}

/** Moves it to `start`, one of the free starts offered (a start the cut-off forbids, or taken meanwhile, is refused). */
export async function selfServiceMove(deps: SelfServiceDeps, token: string, start: Date): Promise<SelfServiceView> {
  const opened = await openLink(deps, token);
  assertChangeable(deps, opened);
  // A new time inside the cut-off is as late a change as leaving one.
  if (selfServiceUntil(start, opened.biz.selfServiceCutoffHours) < clock(deps))
    throw new AppError("conflict", "selfServiceSlotUnavailable");
  const which = { source: "link" as const, appointmentId: opened.appointment.id, version: opened.appointment.version, start };
  const moved = await reschedule(deps, opened.biz, which);
  if (!moved.ok) {
    if (moved.reason === "notFound") throw new AppError("conflict", "selfServiceCancelled");
    throw new AppError("conflict", moved.reason === "taken" ? "selfServiceSlotTaken" : "selfServiceSlotUnavailable");
  }
  return view(deps, { ...opened, appointment: moved.appointment });
}

/** Requests to self-service pages per client address per hour: a link is one caller's, a scan of many is not. */
export const SELF_SERVICE_LIMIT_PER_HOUR = 120;

export function selfServiceLimits(clientIp: string): LimitKey[] {
  return [{ key: `self-service:ip:${clientIp}`, max: SELF_SERVICE_LIMIT_PER_HOUR, windowMs: 3_600_000, messageKey: "tooManySelfService" }];
}
