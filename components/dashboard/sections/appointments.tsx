"use client";
// Appointments: upcoming and past, the create-appointment form (patient name, email, phone, date, time,
// duration in minutes) and cancellation. Times are the business's wall clock (its time zone), as the owner thinks of them.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useLocale, useTranslations } from "next-intl";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { FormAlert, TextField } from "@/components/forms/fields";
import { lazyZodResolver } from "@/components/forms/lazy-zod-resolver";
import { useErrorText } from "@/components/forms/use-error-text";
import { api, ok, failureText, SessionExpiredError, type Answer, type Body } from "@/lib/platform/client/api";
import { formatDateTime } from "@/lib/platform/format/intl";
import { Badge, Card, ConfirmDialog, LoadError, Loading, SectionHeader } from "../ui";
import { usePhoneFormat } from "../phone";
import { useProfile } from "../session";
import { toastFailure } from "../use-profile-save";
import { FormButtons } from "@/components/forms/form-buttons";
import type { createAppointmentSchema } from "@/lib/scheduling/appointments/appointments.schemas";

type AppointmentView = Answer<"/api/appointments">["upcoming"][number];

const KEY = ["appointments"] as const;
// A booking whose calendar event is not written yet says so; "synced" needs no word.
const SYNC_NOTICES = ["pending", "retrying", "not_connected"] as const;
const SYNC_TONES = { pending: "gray", retrying: "amber", not_connected: "amber" } as const;
type SyncNotice = (typeof SYNC_NOTICES)[number];
const syncNotice = (status: string): SyncNotice | null =>
  (SYNC_NOTICES as readonly string[]).includes(status) ? (status as SyncNotice) : null;

export function Appointments() {
  const t = useTranslations("AppointmentsSection");
  const locale = useLocale();
  const query = useQuery({ queryKey: KEY, queryFn: () => ok(api.GET("/api/appointments")) });
  const [creating, setCreating] = useState(false);
  const [cancelling, setCancelling] = useState<AppointmentView | null>(null);
  const qc = useQueryClient();
  const cancel = useMutation({
    mutationFn: (id: string) => ok(api.POST("/api/appointments/{id}/cancel", { params: { path: { id } } })),
    onSuccess: () => {
      setCancelling(null);
      toast.success(t("cancelled"));
      return qc.invalidateQueries({ queryKey: KEY });
    },
    onError: (e) => toastFailure(t("cancelFailed"), e),
  });

  const header = (
    <SectionHeader
      title={t("title")}
      description={t("description")}
      actions={
        !creating && (
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
            <AppointmentForm timeZone={query.data?.timeZone} onDone={() => setCreating(false)} />
          </Card>
        )}
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
                onCancel={setCancelling}
              />
            </Card>
            <Card title={t("past")} testId="appointments-past">
              <AppointmentItems items={query.data.past} timeZone={query.data.timeZone} empty={t("noPast")} />
            </Card>
          </>
        )}
      </div>
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
  onCancel,
}: {
  items: AppointmentView[];
  timeZone: string;
  empty: string;
  onCancel?: (a: AppointmentView) => void;
}) {
  const t = useTranslations("AppointmentsSection");
  const locale = useLocale();
  const formatPhone = usePhoneFormat();
  if (items.length === 0) return <p className="text-slate-600">{empty}</p>;
  return (
    <ul className="divide-y divide-slate-100">
      {items.map((a) => {
        const sync = a.status === "booked" ? syncNotice(a.calendarSyncStatus) : null;
        return (
          <li key={a.id} className="flex flex-wrap items-start justify-between gap-3 py-3" data-testid="appointment">
            <div className="min-w-0">
              <p className="font-semibold text-slate-900">{a.patientName}</p>
              <p className="text-sm text-slate-700">
                <time dateTime={a.startsAt}>{formatDateTime(a.startsAt, locale, timeZone)}</time> ·{" "}
                {t("minutes", { count: a.durationMinutes })}
              </p>
              {(a.patientPhone || a.patientEmail) && (
                <p className="break-all text-sm text-slate-600">
                  {[formatPhone(a.patientPhone), a.patientEmail].filter(Boolean).join(" · ")}
                </p>
              )}
              {a.reason && <p className="text-sm text-slate-600">{a.reason}</p>}
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
              {sync && (
                <Badge tone={SYNC_TONES[sync]} testId="appointment-calendar-sync">
                  {t(`calendarSync.${sync}`)}
                </Badge>
              )}
              {/* Booked is the practice's word; confirmed is the caller's (their "C" to the text), shown apart. */}
              <Badge tone={a.status === "cancelled" ? "red" : a.confirmedAt ? "green" : "gray"} testId="appointment-status">
                {t(`status.${a.status === "booked" && a.confirmedAt ? "confirmed" : a.status}`)}
              </Badge>
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

function AppointmentForm({ timeZone, onDone }: { timeZone?: string; onDone: () => void }) {
  const t = useTranslations("AppointmentsSection");
  const fields = useTranslations("Fields");
  const errorText = useErrorText();
  const { profile } = useProfile();
  const qc = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const usual = Number(profile?.appointmentDuration);
  const form = useForm({
    resolver: lazyZodResolver<typeof createAppointmentSchema>(() =>
      import("@/lib/scheduling/appointments/appointments.schemas").then((s) => s.createAppointmentSchema),
    ),
    defaultValues: {
      patientName: "",
      patientEmail: "",
      patientPhone: "",
      date: "",
      time: "",
      duration: String(Number.isFinite(usual) && usual > 0 ? usual : 30),
    },
  });
  const create = useMutation({
    mutationFn: (body: Body<"/api/appointments", "post">) => ok(api.POST("/api/appointments", { body })),
    onSuccess: async () => {
      toast.success(t("created"));
      await qc.invalidateQueries({ queryKey: KEY });
      onDone();
    },
    onError: (e) => {
      if (e instanceof SessionExpiredError) return;
      const text = failureText(e, t("createFailed"));
      setFailure(text);
      toast.error(text);
    },
  });
  const { errors } = form.formState;
  return (
    <form
      method="post"
      noValidate
      className="space-y-4"
      onSubmit={form.handleSubmit((v) => {
        setFailure(null);
        return create.mutateAsync(v).catch(() => undefined);
      })}
    >
      {failure && <FormAlert testId="appointment-error">{failure}</FormAlert>}
      <TextField
        id="appt-patientName"
        autoComplete="off"
        required
        label={fields("patientName")}
        error={errorText("patientName", errors.patientName)}
        {...form.register("patientName")}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id="appt-patientEmail"
          type="email"
          autoComplete="off"
          label={fields("patientEmail")}
          error={errorText("patientEmail", errors.patientEmail)}
          {...form.register("patientEmail")}
        />
        <TextField
          id="appt-patientPhone"
          type="tel"
          autoComplete="off"
          label={fields("patientPhone")}
          error={errorText("patientPhone", errors.patientPhone)}
          {...form.register("patientPhone")}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField
          id="appt-date"
          type="date"
          required
          label={fields("date")}
          error={errorText("date", errors.date)}
          {...form.register("date")}
        />
        <TextField
          id="appt-time"
          type="time"
          required
          label={fields("time")}
          error={errorText("time", errors.time)}
          {...form.register("time")}
        />
        <TextField
          id="appt-duration"
          type="number"
          inputMode="numeric"
          min={5}
          max={480}
          step={5}
          required
          label={fields("duration")}
          error={errorText("duration", errors.duration)}
          {...form.register("duration")}
        />
      </div>
      {timeZone && <p className="field-hint">{t("timeZoneHint", { timeZone })}</p>}
      <FormButtons busy={create.isPending} onCancel={onDone} saveLabel={t("create")} />
    </form>
  );
}
