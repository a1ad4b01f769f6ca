"use client";
// The waitlist page: who is waiting for an earlier appointment (their days, times and service, who added them), the
// freed slots offered to them and what became of each; remove someone, or add someone (waitlist-form.tsx, the only part
// with the form library).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useLocale, useTranslations } from "next-intl";
import { api, ok, type Answer } from "@/lib/platform/client/api";
import { invalidateWaitlist, waitlistKeys } from "@/lib/platform/client/queries/waitlist";
import { formatClock, formatDateTime, formatLongDate } from "@/lib/platform/format/intl";
import { Badge, Card, LoadError, Loading, SectionHeader } from "../ui";
import { usePhoneFormat } from "../phone";
import { toastFailure } from "../use-profile-save";
import { toast } from "sonner";
import { WaitlistForm } from "./waitlist-form";

type Entry = Answer<"/api/waitlist">["entries"][number];

const STATUS_TONE = { waiting: "blue", booked: "green", expired: "gray" } as const;
const OFFER_TONE = { open: "amber", taken: "green", gone: "gray", expired: "gray" } as const;

export function Waitlist() {
  const t = useTranslations("WaitlistSection");
  const list = useQuery({ queryKey: waitlistKeys.all, queryFn: () => ok(api.GET("/api/waitlist")) });
  return (
    <>
      <SectionHeader title={t("title")} description={t("description")} />
      <div className="grid gap-6">
        <Card title={t("waitingTitle")} testId="waitlist">
          {list.isPending ? (
            <Loading />
          ) : list.isError ? (
            <LoadError message={t("loadFailed")} onRetry={() => list.refetch()} />
          ) : list.data.entries.length === 0 ? (
            <p className="text-slate-600">{t("empty")}</p>
          ) : (
            <ul className="divide-y divide-slate-100">
              {list.data.entries.map((e) => (
                <EntryRow key={e.id} entry={e} timeZone={list.data.timeZone} />
              ))}
            </ul>
          )}
        </Card>
        <Card title={t("addTitle")}>
          <WaitlistForm services={list.data?.services ?? []} />
        </Card>
      </div>
    </>
  );
}

function EntryRow({ entry: e, timeZone }: { entry: Entry; timeZone: string }) {
  const t = useTranslations("WaitlistSection");
  const locale = useLocale();
  const formatPhone = usePhoneFormat();
  const qc = useQueryClient();
  const remove = useMutation({
    mutationFn: (id: string) => ok(api.DELETE("/api/waitlist/{id}", { params: { path: { id } } })),
    onSuccess: () => {
      toast.success(t("removed", { name: e.name }));
      return invalidateWaitlist(qc);
    },
    onError: (err) => toastFailure(t("removeFailed"), err),
  });
  // Local dates of the business: written as the calendar day they name, whatever the viewer's zone.
  const day = (d: string) => formatLongDate(`${d}T12:00:00Z`, locale, "UTC");
  const days = e.from === e.to ? day(e.from) : t("days", { from: day(e.from), to: day(e.to) });
  const times = e.times?.length
    ? e.times.map((w) => t("window", { from: formatClock(w.from, locale), to: formatClock(w.to, locale) })).join(", ")
    : t("anyTime");
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 py-3" data-testid="waitlist-entry">
      <div className="min-w-0 space-y-1">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-semibold text-slate-900">{e.name}</span>
          <Badge tone={STATUS_TONE[e.status]} testId="waitlist-status">
            {t(`status.${e.status}`)}
          </Badge>
        </p>
        <p className="text-sm text-slate-700">
          {formatPhone(e.phone)} · {t(`addedBy.${e.source}`)}
        </p>
        <p className="text-sm text-slate-700">
          {days} · {times} · {e.service ?? t("anyService")}
        </p>
        <p className="text-sm text-slate-600">{t("offers", { count: e.offers.length })}</p>
        {e.offers.length > 0 && (
          <ul className="space-y-1" aria-label={t("offersLabel", { name: e.name })}>
            {e.offers.map((o) => (
              <li key={o.id} className="flex flex-wrap items-center gap-2 text-sm text-slate-700" data-testid="waitlist-offer">
                <span>{formatDateTime(o.startsAt, locale, timeZone)}</span>
                <Badge tone={OFFER_TONE[o.status]}>
                  {t(`offerState.${o.status}`, { until: formatDateTime(o.expiresAt, locale, timeZone) })}
                </Badge>
              </li>
            ))}
          </ul>
        )}
      </div>
      <button type="button" className="btn-secondary" disabled={remove.isPending} onClick={() => remove.mutate(e.id)}>
        {t("remove")}
        <span className="sr-only"> {e.name}</span>
      </button>
    </li>
  );
}
