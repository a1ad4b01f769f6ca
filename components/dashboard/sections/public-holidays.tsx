"use client";
// Public holidays on the Working hours page, apart from the owner's own closures: the business's holidays of the next
// twelve months (closed unless opened), each with its name and day and the owner's choice, Open this day / Close again.
// The server fills them and keeps every choice through its refreshes; this card only shows and changes them.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useLocale, useTranslations } from "next-intl";
import { toast } from "sonner";
import { api, ok, failureText, type Answer } from "@/lib/platform/client/api";
import { closureKeys, invalidateClosures } from "@/lib/platform/client/queries/closures";
import { formatCountry, formatFullDate } from "@/lib/platform/format/intl";
import { Badge, Card, LoadError, Loading } from "../ui";

/** The holidays' query key; the owner's closures change what covers them, so their card refreshes this one too. */

type Holiday = Answer<"/api/closures/holidays">["holidays"][number];

export function PublicHolidays() {
  const t = useTranslations("ClosuresSection");
  const locale = useLocale();
  const query = useQuery({ queryKey: closureKeys.holidays(), queryFn: () => ok(api.GET("/api/closures/holidays")) });
  const place = query.data ? [formatCountry(query.data.area.slice(0, 2), locale), query.data.regionName].filter(Boolean).join(", ") : "";
  return (
    <Card title={t("holidaysTitle")} testId="public-holidays" actions={<RefreshHolidays />}>
      {query.isPending ? (
        <Loading />
      ) : query.isError ? (
        <LoadError message={t("holidaysLoadFailed")} onRetry={() => query.refetch()} />
      ) : (
        <>
          <p className="mb-1 max-w-2xl text-slate-600">{t("holidaysDescription", { place })}</p>
          <p className="mb-4 max-w-2xl text-sm text-slate-600">{t("holidaysRegionHint")}</p>
          <HolidayList holidays={query.data.holidays} />
        </>
      )}
    </Card>
  );
}

function HolidayList({ holidays }: { holidays: Holiday[] }) {
  const t = useTranslations("ClosuresSection");
  const locale = useLocale();
  const queryClient = useQueryClient();
  const change = useMutation({
    mutationFn: ({ day, open }: { day: string; open: boolean }) =>
      ok(api.PUT("/api/closures/holidays/{day}", { params: { path: { day } }, body: { open } })),
    onSuccess: (res) => {
      toast.success(res.message);
      if (res.appointmentsInside > 0) toast.warning(t("appointmentsInside", { count: res.appointmentsInside }), { duration: 10_000 });
      void invalidateClosures(queryClient);
    },
    onError: (e) => toast.error(failureText(e, t("holidayChangeFailed"))),
  });
  if (!holidays.length) return <p className="text-slate-600">{t("holidaysNone")}</p>;
  // Local dates: shown as the calendar days they are, whatever the browser's zone.
  const day = (d: string) => formatFullDate(`${d}T12:00:00Z`, locale, "UTC");
  return (
    <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200" data-testid="holiday-list">
      {holidays.map((h) => (
        <li key={h.day} className="flex flex-wrap items-center justify-between gap-3 p-3" data-testid="holiday">
          <div>
            <p className="font-medium text-slate-900">{h.name}</p>
            <p className="text-sm text-slate-600">{h.day === h.to ? day(h.day) : t("range", { from: day(h.day), to: day(h.to) })}</p>
          </div>
          <div className="flex flex-wrap items-center gap-3">
            {h.closedBy === "owner" ? (
              <Badge tone="gray">{t("holidayCovered")}</Badge>
            ) : h.closedBy === "holiday" ? (
              <Badge tone="amber">{t("closed")}</Badge>
            ) : (
              <Badge tone="green">{t("holidayOpen")}</Badge>
            )}
            {(h.open || h.closedBy === "holiday") && (
              <button
                type="button"
                className="btn-secondary"
                disabled={change.isPending}
                onClick={() => change.mutate({ day: h.day, open: !h.open })}
                aria-label={t(h.open ? "closeHolidayOne" : "openHolidayOne", { name: h.name, day: day(h.day) })}
              >
                {t(h.open ? "closeHoliday" : "openHoliday")}
              </button>
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}

/** Fills the holidays again now (they are kept filled on their own: after a move, this shows the new ones at once). */
function RefreshHolidays() {
  const t = useTranslations("ClosuresSection");
  const queryClient = useQueryClient();
  const run = useMutation({
    mutationFn: () => ok(api.POST("/api/closures/holidays", { body: {} })),
    onSuccess: (res) => {
      toast.success(res.message);
      void invalidateClosures(queryClient);
    },
    onError: (e) => toast.error(failureText(e, t("importFailed"))),
  });
  return (
    <button type="button" className="btn-secondary" disabled={run.isPending} onClick={() => run.mutate()}>
      {run.isPending ? t("importing") : t("importHolidays")}
    </button>
  );
}
