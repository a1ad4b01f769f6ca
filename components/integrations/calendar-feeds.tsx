"use client";
// The practice's private calendar feed: the address a calendar app subscribes to (copied from a read-only field), a new
// address when the old one was shared too widely (the old one stops in every app at once), and in a practice of several
// one address per practitioner, shown when asked for (an address exists only once someone wanted it).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { toast } from "sonner";
import { useCopy } from "./use-copy";
import { Card, ConfirmDialog, LoadError, Loading } from "@/components/dashboard/ui";
import { api, failureText, ok } from "@/lib/platform/client/api";
import { calendarKeys, invalidateCalendarFeed } from "@/lib/platform/client/queries/calendar";
import { practitionersQuery } from "@/lib/platform/client/queries/practitioners";

const query = (practitionerId?: string) => ({ params: { query: practitionerId ? { practitionerId } : {} } });

export function CalendarFeeds() {
  const t = useTranslations("IntegrationsSection.calendarFeed");
  const people = useQuery(practitionersQuery());
  const several = (people.data?.practitioners.length ?? 0) > 1;
  return (
    <Card title={t("title")} testId="calendar-feed">
      <div className="space-y-3 text-slate-700">
        <p>{t("description")}</p>
        <p className="text-sm">{t("howTo")}</p>
        <p className="rounded-md bg-amber-50 p-3 text-sm text-amber-950">{t("private")}</p>
      </div>
      <div className="mt-5 space-y-6">
        <FeedRow label={several ? t("practiceLabel") : t("addressLabel")} autoLoad />
        {several &&
          people.data!.practitioners.map((p) => (
            <FeedRow key={p.id} practitionerId={p.id} label={t("practitionerLabel", { name: p.displayName })} />
          ))}
      </div>
    </Card>
  );
}

function FeedRow({ practitionerId, label, autoLoad = false }: { practitionerId?: string; label: string; autoLoad?: boolean }) {
  const t = useTranslations("IntegrationsSection.calendarFeed");
  const qc = useQueryClient();
  const id = useId();
  const { field, copy } = useCopy({ copied: t("copied"), copyFailed: t("copyFailed") });
  const [shown, setShown] = useState(autoLoad);
  const [confirming, setConfirming] = useState(false);
  const suffix = practitionerId ? `-${practitionerId}` : "";
  const feed = useQuery({
    queryKey: calendarKeys.feed(practitionerId),
    queryFn: () => ok(api.GET("/api/calendar-feed", query(practitionerId))),
    enabled: shown,
  });
  const reset = useMutation({
    mutationFn: async () => {
      await ok(api.DELETE("/api/calendar-feed", query(practitionerId)));
      return ok(api.GET("/api/calendar-feed", query(practitionerId)));
    },
    onSuccess: (fresh) => {
      qc.setQueryData(calendarKeys.feed(practitionerId), fresh);
      setConfirming(false);
      toast.success(t("resetDone"));
    },
    onError: (e) => {
      // The old address may already be revoked: what is shown is read again rather than left as a dead address.
      void invalidateCalendarFeed(qc, practitionerId);
      toast.error(failureText(e, t("resetFailed")));
    },
  });

  if (!shown) {
    return (
      <div className="flex flex-wrap items-center justify-between gap-3" data-testid={`calendar-feed-row${suffix}`}>
        <span className="font-medium text-slate-800">{label}</span>
        <button type="button" className="btn-secondary" data-testid={`calendar-feed-show${suffix}`} onClick={() => setShown(true)}>
          {t("show")}
        </button>
      </div>
    );
  }
  return (
    <div data-testid={`calendar-feed-row${suffix}`}>
      {/* A label only when there is a field to name: while it loads or failed, the same words as plain text. */}
      {feed.isSuccess ? (
        <label htmlFor={id} className="field-label">
          {label}
        </label>
      ) : (
        <p className="field-label">{label}</p>
      )}
      {feed.isPending ? (
        <Loading />
      ) : feed.isError ? (
        <LoadError message={failureText(feed.error, t("loadFailed"))} onRetry={() => void feed.refetch()} />
      ) : (
        <div className="flex flex-wrap gap-2">
          <input
            ref={field}
            id={id}
            readOnly
            value={feed.data.url}
            onFocus={(e) => e.currentTarget.select()}
            spellCheck={false}
            className="field-input min-w-0 flex-1 font-mono text-sm"
            data-testid={`calendar-feed-url${suffix}`}
          />
          <button
            type="button"
            className="btn-primary"
            data-testid={`calendar-feed-copy${suffix}`}
            onClick={() => void copy(feed.data.url)}
          >
            {t("copy")}
          </button>
          <button type="button" className="btn-secondary" data-testid={`calendar-feed-reset${suffix}`} onClick={() => setConfirming(true)}>
            {t("reset")}
          </button>
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        title={t("resetTitle")}
        confirmLabel={t("resetConfirm")}
        busyLabel={t("resetting")}
        onConfirm={() => reset.mutateAsync().catch(() => undefined)}
        onClose={() => setConfirming(false)}
      >
        {t("resetWarning")}
      </ConfirmDialog>
    </div>
  );
}
