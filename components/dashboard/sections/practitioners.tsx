"use client";
// Practitioners: who appointments are with. The owner is the first, made with the account; others are added with the
// services they offer and their own week, or the practice's. The server checks every rule (names told apart, at most
// 20, no removal while appointments with them are to come, never the last one); the page shows its answer.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useLocale, useTranslations } from "next-intl";
import { lazy, Suspense, useState } from "react";
import { toast } from "sonner";
import { WEEKDAYS } from "@/lib/accounts/account/options";
import { api, failureText, ok, type Answer } from "@/lib/platform/client/api";
import { formatClock } from "@/lib/platform/format/intl";
import { Card, ConfirmDialog, LoadError, Loading, SectionHeader } from "../ui";

// The form, and react-hook-form with it, is loaded when the owner opens it.
const PractitionerForm = lazy(() => import("./practitioner-form"));

export const PRACTITIONERS_KEY = ["practitioners"] as const;
type Practitioner = Answer<"/api/practitioners">["practitioners"][number];

export function Practitioners() {
  const t = useTranslations("PractitionersSection");
  const query = useQuery({ queryKey: PRACTITIONERS_KEY, queryFn: () => ok(api.GET("/api/practitioners")) });
  const [editing, setEditing] = useState<Practitioner | "new" | null>(null);
  const [removing, setRemoving] = useState<Practitioner | null>(null);
  const qc = useQueryClient();
  const remove = useMutation({
    mutationFn: (id: string) => ok(api.DELETE("/api/practitioners/{id}", { params: { path: { id } } })),
    onSuccess: (res) => {
      setRemoving(null);
      toast.success(res.message);
      return qc.invalidateQueries({ queryKey: PRACTITIONERS_KEY });
    },
    // Appointments still to come, or the last one: the server says which, in the owner's language.
    onError: (e) => {
      setRemoving(null);
      toast.error(failureText(e, t("removeFailed")));
    },
  });
  const form = (current: Practitioner | null) => (
    <Suspense fallback={<Loading />}>
      <PractitionerForm current={current} onDone={() => setEditing(null)} />
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
        <div className="flex flex-wrap gap-2">
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
                  return `${fields(d)} ${formatClock(day.openTime, locale)}–${formatClock(day.closeTime, locale)}`;
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
