"use client";
// Appointments: upcoming and past (everyone's or one practitioner's), each with whose it is (and who booked it for them),
// what for, and the number that called beside the one confirmed to when they differ; the create-appointment form
// (patient name, email, phone, date, time, duration in minutes, and in a practice of several who with), giving one to
// another practitioner, and cancellation. Times are the business's wall clock (its time zone), as the owner thinks of them.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useLocale, useTranslations } from "next-intl";
import { lazy, Suspense, useState } from "react";
import { toast } from "sonner";
import { api, ok, type Answer } from "@/lib/platform/client/api";
import { appointmentKeys, invalidateAppointments, invalidateReassigned } from "@/lib/platform/client/queries/appointments";
import { practitionersQuery } from "@/lib/platform/client/queries/practitioners";
import { formatDateTime } from "@/lib/platform/format/intl";
import { Link } from "@/lib/platform/i18n/navigation";
import { SelectField } from "@/components/forms/fields";
import { AppointmentsWeek } from "./appointments-week";
import { ReassignDialog, type PendingReassign } from "./reassign-dialog";
import { Badge, Card, ConfirmDialog, LoadError, Loading, SectionHeader } from "../ui";
import { usePhoneFormat } from "../phone";
import { toastFailure } from "../use-profile-save";
import { shownActorName } from "@/lib/accounts/audit/actor";

// The booking form comes with the "New appointment" button that opens it.
const AppointmentForm = lazy(() => import("./appointment-form"));

type AppointmentView = Answer<"/api/appointments">["upcoming"][number];
type Attendance = AppointmentView["attendance"];

// A booking whose calendar event is not written yet says so; "synced" needs no word. One whose practitioner has no
// calendar is not an error: it is kept here only, and the owner is shown where to connect one.
const SYNC_NOTICES = ["pending", "retrying"] as const;
const SYNC_TONES = { pending: "gray", retrying: "amber" } as const;
type SyncNotice = (typeof SYNC_NOTICES)[number];
const syncNotice = (status: string): SyncNotice | null =>
  (SYNC_NOTICES as readonly string[]).includes(status) ? (status as SyncNotice) : null;

/**
 * `mine`: a practitioner member's own id: they see their week and their appointments only (the server answers no
 * other), with nothing to book, cancel or give away.
 */
export function Appointments({ mine = null }: { mine?: string | null }) {
  const t = useTranslations("AppointmentsSection");
  const locale = useLocale();
  // A practice of several lists everyone's, or one practitioner's, and says who each appointment is with.
  const team = useQuery(practitionersQuery());
  const practitioners = team.data?.practitioners ?? [];
  const several = practitioners.length > 1;
  const [chosen, setOnly] = useState("");
  const only = mine ?? chosen;
  const query = useQuery({
    queryKey: appointmentKeys.list(only),
    queryFn: () => ok(api.GET("/api/appointments", { params: { query: only ? { practitionerId: only } : {} } })),
  });
  const nameOf = several ? (id: string) => practitioners.find((p) => p.id === id)?.displayName ?? null : () => null;
  const [creating, setCreating] = useState(false);
  const [cancelling, setCancelling] = useState<AppointmentView | null>(null);
  // Picking another practitioner asks first (and whether to text the patient); nothing changes until confirmed.
  const [giving, setGiving] = useState<PendingReassign | null>(null);
  const qc = useQueryClient();
  const reassign = useMutation({
    mutationFn: ({ id, practitionerId, notifyCaller }: { id: string; practitionerId: string; notifyCaller: boolean }) =>
      ok(api.POST("/api/appointments/{id}/reassign", { params: { path: { id } }, body: { practitionerId, notifyCaller } })),
    onSuccess: (a, { notifyCaller }) => {
      setGiving(null);
      toast.success(t(notifyCaller ? "reassignedTold" : "reassigned", { name: nameOf(a.practitionerId) ?? "" }));
      return invalidateReassigned(qc);
    },
    onError: (e) => toastFailure(t("reassignFailed"), e),
  });
  // Whether the patient came: the no-shows the insights compare with and without a reminder call.
  const attend = useMutation({
    mutationFn: ({ id, attendance }: { id: string; attendance: Attendance }) =>
      ok(api.PUT("/api/appointments/{id}/attendance", { params: { path: { id } }, body: { attendance } })),
    onSuccess: () => invalidateAppointments(qc),
    onError: (e) => toastFailure(t("attendance.failed"), e),
  });
  const cancel = useMutation({
    mutationFn: (id: string) => ok(api.POST("/api/appointments/{id}/cancel", { params: { path: { id } } })),
    onSuccess: () => {
      setCancelling(null);
      toast.success(t("cancelled"));
      return invalidateAppointments(qc);
    },
    onError: (e) => toastFailure(t("cancelFailed"), e),
  });

  const header = (
    <SectionHeader
      title={t("title")}
      description={t("description")}
      actions={
        !creating &&
        !mine && (
          <button type="button" className="btn-primary" onClick={() => setCreating(true)}>
            {t("new")}
          </button>
        )
      }
    />
  );
  return (
    <>
      {header}
      <div className="space-y-6">
        {creating && (
          <Card title={t("formTitle")}>
            <Suspense fallback={<Loading />}>
              <AppointmentForm timeZone={query.data?.timeZone} practitioners={practitioners} onDone={() => setCreating(false)} />
            </Suspense>
          </Card>
        )}
        {several && !mine && (
          <div className="max-w-xs">
            <SelectField
              id="appointments-practitioner"
              label={t("filterPractitioner")}
              value={only}
              onChange={(e) => setOnly(e.target.value)}
            >
              <option value="">{t("everyone")}</option>
              {practitioners.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.displayName}
                </option>
              ))}
            </SelectField>
          </div>
        )}
        {only && query.data && <AppointmentsWeek practitionerId={only} name={nameOf(only) ?? ""} timeZone={query.data.timeZone} />}
        {query.isPending ? (
          <Loading />
        ) : query.isError ? (
          <LoadError message={t("loadFailed")} onRetry={() => query.refetch()} />
        ) : (
          <>
            <Card title={t("upcoming")} testId="appointments-upcoming">
              <AppointmentItems
                items={query.data.upcoming}
                timeZone={query.data.timeZone}
                empty={t("noUpcoming")}
                nameOf={nameOf}
                onCancel={mine ? undefined : setCancelling}
                team={several && !mine ? practitioners : undefined}
                onReassign={(appointment, practitionerId) => setGiving({ appointment, practitionerId, name: nameOf(practitionerId) ?? "" })}
                reassigning={reassign.isPending}
              />
            </Card>
            <Card title={t("past")} testId="appointments-past">
              <AppointmentItems
                items={query.data.past}
                timeZone={query.data.timeZone}
                empty={t("noPast")}
                nameOf={nameOf}
                onAttendance={mine ? undefined : (a, attendance) => attend.mutate({ id: a.id, attendance })}
                marking={attend.isPending}
              />
            </Card>
          </>
        )}
      </div>
      <ReassignDialog
        pending={giving}
        timeZone={query.data?.timeZone}
        onConfirm={(notifyCaller) =>
          giving
            ? reassign
                .mutateAsync({ id: giving.appointment.id, practitionerId: giving.practitionerId, notifyCaller })
                .catch(() => undefined)
            : Promise.resolve()
        }
        onClose={() => setGiving(null)}
      />
      <ConfirmDialog
        open={cancelling !== null}
        title={t("cancelTitle")}
        confirmLabel={t("cancelAppointment")}
        busyLabel={t("cancelling")}
        onConfirm={() => (cancelling ? cancel.mutateAsync(cancelling.id).catch(() => undefined) : undefined)}
        onClose={() => setCancelling(null)}
      >
        {cancelling && (
          <p>
            {t("cancelText", { name: cancelling.patientName, when: formatDateTime(cancelling.startsAt, locale, query.data?.timeZone) })}
          </p>
        )}
      </ConfirmDialog>
    </>
  );
}

function AppointmentItems({
  items,
  timeZone,
  empty,
  nameOf,
  onCancel,
  team,
  onReassign,
  reassigning,
  onAttendance,
  marking,
}: {
  items: AppointmentView[];
  timeZone: string;
  empty: string;
  /** Who an appointment is with, in a practice of several; null in a practice of one. */
  nameOf: (practitionerId: string) => string | null;
  onCancel?: (a: AppointmentView) => void;
  /** A practice of several: an appointment to come can be given to another practitioner, at the same time. */
  team?: { id: string; displayName: string }[];
  onReassign?: (appointment: AppointmentView, practitionerId: string) => void;
  reassigning?: boolean;
  /** A past appointment: whether the patient came (or unmarked). */
  onAttendance?: (a: AppointmentView, attendance: Attendance) => void;
  marking?: boolean;
}) {
  const t = useTranslations("AppointmentsSection");
  const locale = useLocale();
  const formatPhone = usePhoneFormat();
  if (items.length === 0) return <p className="text-slate-600">{empty}</p>;
  return (
    <ul className="divide-y divide-slate-100">
      {items.map((a) => {
        const sync = a.status === "booked" ? syncNotice(a.calendarSyncStatus) : null;
        const withWhom = nameOf(a.practitionerId);
        // What it is for: the service booked, and the caller's reason when it says more.
        const purpose = [a.service, a.reason !== a.service && a.reason].filter(Boolean).join(" · ");
        return (
          <li key={a.id} className="flex flex-wrap items-start justify-between gap-3 py-3" data-testid="appointment">
            <div className="min-w-0">
              <p className="font-semibold text-slate-900">{a.patientName}</p>
              {a.callerName && (
                <p className="text-sm text-slate-700" data-testid="appointment-booked-by">
                  {t("bookedBy", { name: a.callerName })}
                </p>
              )}
              <p className="text-sm text-slate-700">
                <time dateTime={a.startsAt}>{formatDateTime(a.startsAt, locale, timeZone)}</time> ·{" "}
                {t("minutes", { count: a.durationMinutes })}
              </p>
              {withWhom && (
                <p className="text-sm text-slate-700" data-testid="appointment-practitioner">
                  {t("withPractitioner", { name: withWhom })}
                </p>
              )}
              {team && onReassign && a.status === "booked" && (
                <label className="mt-1 flex items-center gap-2 text-sm text-slate-700">
                  {t("reassignLabel")}
                  <span className="sr-only"> {a.patientName}</span>
                  <select
                    className="field-input w-auto py-1"
                    data-testid="appointment-reassign"
                    value={a.practitionerId}
                    disabled={reassigning}
                    onChange={(e) => onReassign(a, e.target.value)}
                  >
                    {team.map((p) => (
                      <option key={p.id} value={p.id}>
                        {p.displayName}
                      </option>
                    ))}
                  </select>
                </label>
              )}
              {/* Rung from one number, confirmed to another (a caller abroad, a parent): both, each named. */}
              {a.callerPhone ? (
                <>
                  <p className="break-all text-sm text-slate-600" data-testid="appointment-called-from">
                    {t("calledFrom", { phone: formatPhone(a.callerPhone) })}
                  </p>
                  <p className="break-all text-sm text-slate-600" data-testid="appointment-confirmations-to">
                    {t("confirmationsTo", { phone: formatPhone(a.patientPhone) || t("noNumber") })}
                  </p>
                  {a.patientEmail && <p className="break-all text-sm text-slate-600">{a.patientEmail}</p>}
                </>
              ) : (
                (a.patientPhone || a.patientEmail) && (
                  <p className="break-all text-sm text-slate-600">
                    {[formatPhone(a.patientPhone), a.patientEmail].filter(Boolean).join(" · ")}
                  </p>
                )
              )}
              {purpose && (
                <p className="text-sm text-slate-600" data-testid="appointment-purpose">
                  {purpose}
                </p>
              )}
              {a.status === "booked" && a.calendarSyncStatus === "not_connected" && (
                <p className="text-sm text-slate-600" data-testid="appointment-no-calendar">
                  {t("noCalendar")}{" "}
                  <Link href="/dashboard/calendar" className="font-semibold text-indigo-800 underline hover:no-underline">
                    {t("connectCalendar")}
                  </Link>
                </p>
              )}
              {a.status === "booked" && a.reminderAt && (
                <p className="text-sm text-slate-600" data-testid="appointment-reminder">
                  {t("reminderScheduled", { when: formatDateTime(a.reminderAt, locale, timeZone) })}
                </p>
              )}
            </div>
            <div className="flex flex-wrap items-center gap-2">
              <Badge tone={a.source === "phone" ? "blue" : "gray"} testId="appointment-source">
                {t(`source.${a.source}`)}
              </Badge>
              {a.changedBy && (
                <span className="text-xs text-slate-600" data-testid="appointment-changed-by">
                  {t("changedBy", { name: shownActorName(a.changedBy, t("formerMember")) })}
                </span>
              )}
              {sync && (
                <Badge tone={SYNC_TONES[sync]} testId="appointment-calendar-sync">
                  {t(`calendarSync.${sync}`)}
                </Badge>
              )}
              {/* Booked is the practice's word; confirmed is the caller's (their "C" to the text, or their yes on a
                  reminder call), shown apart. */}
              <Badge tone={a.status === "cancelled" ? "red" : a.confirmedAt ? "green" : "gray"} testId="appointment-status">
                {t(
                  `status.${a.status === "booked" && a.confirmedAt ? (a.confirmedBy === "phone" ? "confirmedByPhone" : "confirmed") : a.status}`,
                )}
              </Badge>
              {onAttendance && a.status === "booked" && (
                <label className="flex items-center gap-1 text-sm text-slate-700">
                  <span>{t("attendance.label")}</span>
                  <select
                    className="field-input w-auto py-1"
                    value={a.attendance ?? ""}
                    disabled={marking}
                    data-testid="appointment-attendance"
                    onChange={(e) => onAttendance(a, (e.target.value || null) as Attendance)}
                  >
                    <option value="">{t("attendance.unmarked")}</option>
                    <option value="attended">{t("attendance.attended")}</option>
                    <option value="no_show">{t("attendance.no_show")}</option>
                  </select>
                </label>
              )}
              {onCancel && a.status === "booked" && (
                <button type="button" className="btn-secondary" onClick={() => onCancel(a)}>
                  {t("cancel")}
                  <span className="sr-only"> {a.patientName}</span>
                </button>
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
