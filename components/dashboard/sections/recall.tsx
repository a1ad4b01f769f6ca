"use client";
// Recall: the intervals per service (recall-settings.tsx), then who is due and not texted yet, who was texted and who
// booked since. The texts carry the booking page's link, so while the page is off the owner is told none go out. In
// the sandbox, the owner can run the hourly sweep's work for their business at once.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useLocale, useTranslations } from "next-intl";
import { useState, type ReactNode } from "react";
import { toast } from "sonner";
import { FormAlert } from "@/components/forms/fields";
import { api, failureText, ok, type Answer } from "@/lib/platform/client/api";
import { invalidateDueRecalls, recallKeys } from "@/lib/platform/client/queries/recalls";
import { formatDateTime, formatLongDate } from "@/lib/platform/format/intl";
import { Link } from "@/lib/platform/i18n/navigation";
import { useProfile } from "../session";
import { Badge, Card, LoadError, Loading, SectionHeader } from "../ui";
import { usePhoneFormat } from "../phone";
import { RecallSettingsForm } from "./recall-settings";

type Recalls = Answer<"/api/recalls">;

export function Recall({ sandbox }: { sandbox: boolean }) {
  const t = useTranslations("RecallSection");
  const settings = useQuery({ queryKey: recallKeys.settings(), queryFn: () => ok(api.GET("/api/recall-settings")) });
  const recalls = useQuery({ queryKey: recallKeys.list(), queryFn: () => ok(api.GET("/api/recalls")) });
  return (
    <>
      <SectionHeader title={t("title")} description={t("description")} />
      <div className="space-y-6">
        {recalls.data && !recalls.data.bookingPageEnabled && (
          <p role="note" className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950" data-testid="recall-page-off">
            {t.rich("pageOff", { link: (chunks) => <Link href="/dashboard/booking-page">{chunks}</Link> })}
          </p>
        )}
        <Card title={t("intervalsTitle")} testId="recall-intervals">
          {settings.isPending ? (
            <Loading />
          ) : settings.isError ? (
            <LoadError message={t("loadFailed")} onRetry={() => void settings.refetch()} />
          ) : (
            <RecallSettingsForm settings={settings.data} />
          )}
        </Card>
        {recalls.isPending ? (
          <Loading />
        ) : recalls.isError ? (
          <LoadError message={t("loadFailed")} onRetry={() => void recalls.refetch()} />
        ) : (
          <Lists recalls={recalls.data} sandbox={sandbox} />
        )}
      </div>
    </>
  );
}

function Lists({ recalls, sandbox }: { recalls: Recalls; sandbox: boolean }) {
  const t = useTranslations("RecallSection");
  const locale = useLocale();
  const timeZone = useProfile().profile?.timeZone ?? undefined;
  // Due dates are calendar days: written as they are, whatever the reader's clock.
  const day = (d: string) => formatLongDate(`${d}T12:00:00Z`, locale, "UTC");
  const at = (i: string) => formatDateTime(i, locale, timeZone);
  return (
    <>
      <Card
        title={t("dueTitle", { count: recalls.due.length })}
        testId="recall-due"
        actions={sandbox && recalls.bookingPageEnabled && recalls.due.length > 0 ? <SendNow /> : undefined}
      >
        <People
          empty={t("dueEmpty")}
          rows={recalls.due.map((d) => ({
            key: `${d.phone}:${d.service}`,
            name: d.name,
            phone: d.phone,
            service: d.service,
            details: [t("lastVisit", { date: day(d.lastVisit) }), t("dueOn", { date: day(d.dueOn) })],
            badge: d.optedOut ? <Badge tone="gray">{t("optedOut")}</Badge> : undefined,
          }))}
        />
      </Card>
      <Card title={t("textedTitle", { count: recalls.texted.length })} testId="recall-texted">
        <People
          empty={t("textedEmpty")}
          rows={recalls.texted.map((r) => ({
            key: r.id,
            name: r.name,
            phone: r.phone,
            service: r.service,
            details: [t("sentAt", { when: at(r.sentAt) })],
          }))}
        />
      </Card>
      <Card title={t("bookedTitle", { count: recalls.booked.length })} testId="recall-booked">
        <People
          empty={t("bookedEmpty")}
          rows={recalls.booked.map((r) => ({
            key: r.id,
            name: r.name,
            phone: r.phone,
            service: r.service,
            details: [t("sentAt", { when: at(r.sentAt) }), t("bookedFor", { when: at(r.appointmentStartsAt) })],
            badge: <Badge tone="green">{t("booked")}</Badge>,
          }))}
        />
      </Card>
    </>
  );
}

type Person = { key: string; name: string | null; phone: string; service: string; details: string[]; badge?: ReactNode };

function People({ rows, empty }: { rows: Person[]; empty: string }) {
  const formatPhone = usePhoneFormat();
  if (!rows.length) return <p className="text-slate-600">{empty}</p>;
  return (
    <ul className="divide-y divide-slate-200">
      {rows.map((r) => (
        <li key={r.key} className="flex flex-wrap items-start justify-between gap-2 py-3" data-testid="recall-person">
          <div className="min-w-0">
            <p className="font-medium text-slate-900">
              {r.name ?? formatPhone(r.phone)} · {r.service}
            </p>
            {r.name && <p className="text-sm text-slate-700">{formatPhone(r.phone)}</p>}
            {r.details.map((d) => (
              <p key={d} className="text-sm text-slate-600">
                {d}
              </p>
            ))}
          </div>
          {r.badge}
        </li>
      ))}
    </ul>
  );
}

/** Sandbox only: the sweep's work for this business now, rather than at its next run in office hours. */
function SendNow() {
  const t = useTranslations("RecallSection");
  const qc = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const send = useMutation({
    mutationFn: () => ok(api.POST("/api/sandbox/recalls")),
    onSuccess: (res) => {
      setFailure(null);
      toast.success(t("sent", { count: res.texted }));
      void invalidateDueRecalls(qc);
    },
    onError: (e) => setFailure(failureText(e, t("sendFailed"))),
  });
  return (
    <div className="flex flex-col items-end gap-2">
      <button type="button" className="btn-secondary" disabled={send.isPending} onClick={() => send.mutate()}>
        {t("sendNow")}
      </button>
      {failure && <FormAlert testId="recall-send-error">{failure}</FormAlert>}
    </div>
  );
}
