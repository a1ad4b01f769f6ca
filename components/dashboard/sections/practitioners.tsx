"use client";
// Practitioners: who appointments are with. The owner is the first, made with the account; others are added with the
// services they offer and their own week, or the practice's. The server checks every rule (names told apart, at most
// 20, no removal while appointments with them are to come, never the last one); the page shows its answer. Each card
// says when its practitioner has no calendar (the receptionist then knows only the appointments booked here), and a
// practitioner just added is offered their calendar's connection at once.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useLocale, useTranslations } from "next-intl";
import { lazy, Suspense, useState } from "react";
import { toast } from "sonner";
import { WEEKDAYS } from "@/lib/accounts/account/options";
import { dayRanges } from "@/lib/accounts/account/working-hours";
import { api, failureText, ok, type Answer } from "@/lib/platform/client/api";
import { invalidatePractitioners, practitionersQuery } from "@/lib/platform/client/queries/practitioners";
import { formatClock } from "@/lib/platform/format/intl";
import { Link } from "@/lib/platform/i18n/navigation";
import { Card, ConfirmDialog, LoadError, Loading, SectionHeader } from "../ui";
import type { CalendarModes, OAuthProvider } from "./calendar-connection";

// The form, and react-hook-form with it, is loaded when the owner opens it; the calendar's connection once one is added.
const PractitionerForm = lazy(() => import("./practitioner-form"));
const PractitionerCalendar = lazy(() => import("./calendar-connection").then((m) => ({ default: m.PractitionerCalendar })));

type Practitioner = Answer<"/api/practitioners">["practitioners"][number];

export function Practitioners({ consentUrls, modes }: { consentUrls: Record<OAuthProvider, string>; modes: CalendarModes }) {
  const t = useTranslations("PractitionersSection");
  const query = useQuery(practitionersQuery());
  const [editing, setEditing] = useState<Practitioner | "new" | null>(null);
  // The practitioner just added, offered their calendar's connection until it is made or put off.
  const [addedId, setAddedId] = useState<string | null>(null);
  const added = query.data?.practitioners.find((p) => p.id === addedId) ?? null;
  const [removing, setRemoving] = useState<Practitioner | null>(null);
  const qc = useQueryClient();
  const remove = useMutation({
    mutationFn: (id: string) => ok(api.DELETE("/api/practitioners/{id}", { params: { path: { id } } })),
    onSuccess: (res) => {
      setRemoving(null);
      toast.success(res.message);
      return invalidatePractitioners(qc);
    },
    // Appointments still to come, or the last one: the server says which, in the owner's language.
    onError: (e) => {
      setRemoving(null);
      toast.error(failureText(e, t("removeFailed")));
    },
  });
  const form = (current: Practitioner | null) => (
    <Suspense fallback={<Loading />}>
      <PractitionerForm
        current={current}
        onDone={(made) => {
          setEditing(null);
          if (made) setAddedId(made.id);
        }}
      />
    </Suspense>
  );
  return (
    <>
      <SectionHeader
        title={t("title")}
        description={t("description")}
        actions={
          editing === null && (
            <button type="button" className="btn-primary" onClick={() => setEditing("new")}>
              {t("add")}
            </button>
          )
        }
      />
      <div className="space-y-6">
        {editing === "new" && <Card title={t("addTitle")}>{form(null)}</Card>}
        {added && (
          <section
            className="space-y-3 rounded-2xl border border-indigo-200 bg-indigo-50 p-4"
            aria-label={t("connectNowTitle", { name: added.displayName })}
            data-testid="practitioner-connect-now"
          >
            <p className="font-semibold text-indigo-950">{t("connectNowTitle", { name: added.displayName })}</p>
            <p className="text-indigo-950">{t("connectNowText")}</p>
            <Suspense fallback={<Loading />}>
              <PractitionerCalendar practitioner={added} several consentUrls={consentUrls} modes={modes} />
            </Suspense>
            <button type="button" className="btn-secondary" onClick={() => setAddedId(null)}>
              {added.calendar && !added.calendar.revokedAt ? t("connectNowDone") : t("connectNowLater")}
            </button>
          </section>
        )}
        {query.isPending ? (
          <Loading />
        ) : query.isError ? (
          <LoadError message={t("loadFailed")} onRetry={() => query.refetch()} />
        ) : (
          query.data.practitioners.map((p) =>
            editing !== "new" && editing?.id === p.id ? (
              <Card key={p.id} title={t("editTitle", { name: p.displayName })}>
                {form(p)}
              </Card>
            ) : (
              <PractitionerCard
                key={p.id}
                p={p}
                onEdit={editing === null ? () => setEditing(p) : undefined}
                onRemove={query.data.practitioners.length > 1 ? () => setRemoving(p) : undefined}
              />
            ),
          )
        )}
      </div>
      <ConfirmDialog
        open={removing !== null}
        title={t("removeTitle")}
        confirmLabel={t("remove")}
        busyLabel={t("removing")}
        onConfirm={() => (removing ? remove.mutateAsync(removing.id).catch(() => undefined) : undefined)}
        onClose={() => setRemoving(null)}
      >
        {removing && <p>{t("removeText", { name: removing.displayName })}</p>}
      </ConfirmDialog>
    </>
  );
}

function PractitionerCard({ p, onEdit, onRemove }: { p: Practitioner; onEdit?: () => void; onRemove?: () => void }) {
  const t = useTranslations("PractitionersSection");
  const fields = useTranslations("Fields");
  const locale = useLocale();
  return (
    <Card
      title={p.displayName}
      testId="practitioner"
      actions={
        <div className="flex flex-wrap items-center gap-2">
          {(!p.calendar || p.calendar.revokedAt) && (
            // Without a calendar the receptionist knows only the appointments booked here: a badge that leads to the fix.
            <Link
              href="/dashboard/calendar"
              className="inline-flex min-h-11 items-center rounded-full bg-amber-100 px-3 text-sm font-semibold text-amber-950 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-700"
              data-testid="practitioner-no-calendar"
            >
              {t("noCalendar")}
              <span className="sr-only"> {p.displayName}</span>
            </Link>
          )}
          {onEdit && (
            <button type="button" className="btn-secondary" onClick={onEdit}>
              {t("edit")}
              <span className="sr-only"> {p.displayName}</span>
            </button>
          )}
          {onRemove && (
            <button type="button" className="btn-secondary" onClick={onRemove}>
              {t("remove")}
              <span className="sr-only"> {p.displayName}</span>
            </button>
          )}
        </div>
      }
    >
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
        <dt className="font-medium text-slate-700">{t("services")}</dt>
        <dd className="text-slate-900" data-testid="practitioner-services">
          {p.services.length
            ? p.services.map((s) => t("service", { name: s.name, minutes: s.durationMinutes })).join(" · ")
            : t("allServices")}
        </dd>
        <dt className="font-medium text-slate-700">{t("hours")}</dt>
        <dd className="text-slate-900" data-testid="practitioner-hours">
          {p.workingHours
            ? WEEKDAYS.filter((d) => p.workingHours![d].isOpen)
                .map((d) => {
                  const day = p.workingHours![d];
                  const ranges = dayRanges(day).map((r) => `${formatClock(r.openTime, locale)}–${formatClock(r.closeTime, locale)}`);
                  return `${fields(d)} ${ranges.join(", ")}`;
                })
                .join(" · ") || t("noDays")
            : t("practiceHours")}
        </dd>
        <dt className="font-medium text-slate-700">{t("upcoming")}</dt>
        <dd className="text-slate-900" data-testid="practitioner-upcoming">
          {t("upcomingCount", { count: p.upcomingAppointments })}
        </dd>
      </dl>
    </Card>
  );
}
