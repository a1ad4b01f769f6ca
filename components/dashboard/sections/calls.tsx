"use client";
// The calls the assistant answered. The receptionist (issue #5) fills this list; until then it shows its empty state.
import { useQuery } from "@tanstack/react-query";
import { useLocale, useTranslations } from "next-intl";
import type { CallView } from "@/lib/calls/calls.service";
import { apiFetch } from "@/lib/client/api";
import { formatDateTime } from "@/lib/format/intl";
import { Badge, Card, LoadError, Loading, SectionHeader } from "../ui";
import { useProfile } from "../session";

export function Calls() {
  const t = useTranslations("CallsSection");
  const locale = useLocale();
  const { profile } = useProfile();
  const query = useQuery({ queryKey: ["calls"], queryFn: () => apiFetch<{ calls: CallView[] }>("/calls") });
  return (
    <>
      <SectionHeader title={t("title")} description={t("description")} />
      {query.isPending ? (
        <Loading />
      ) : query.isError ? (
        <LoadError message={t("loadFailed")} onRetry={() => query.refetch()} />
      ) : query.data.calls.length === 0 ? (
        <Card testId="calls-empty">
          <p className="font-medium text-slate-900">{t("emptyTitle")}</p>
          <p className="mt-1 text-slate-600">{t("emptyText")}</p>
        </Card>
      ) : (
        <Card>
          <ul className="divide-y divide-slate-100">
            {query.data.calls.map((c) => (
              <li key={c.id} className="flex flex-wrap items-start justify-between gap-3 py-3" data-testid="call">
                <div className="min-w-0">
                  <p className="font-semibold text-slate-900">{c.fromNumber ?? t("unknownCaller")}</p>
                  <p className="text-sm text-slate-700">
                    {c.startedAt && <time dateTime={c.startedAt}>{formatDateTime(c.startedAt, locale, profile?.timeZone)}</time>}
                    {c.durationSeconds !== null && <> · {t("duration", { minutes: Math.floor(c.durationSeconds / 60), seconds: c.durationSeconds % 60 })}</>}
                  </p>
                  {c.summary && <p className="mt-1 text-sm text-slate-600">{c.summary}</p>}
                </div>
                <Badge tone={c.status === "ended" ? "gray" : "blue"}>{t.has(`statuses.${c.status}` as never) ? t(`statuses.${c.status}` as never) : c.status}</Badge>
              </li>
            ))}
          </ul>
        </Card>
      )}
    </>
  );
}
