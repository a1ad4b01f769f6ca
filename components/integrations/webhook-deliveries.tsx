"use client";
// An endpoint's delivery log: its last 50 deliveries, newest first, how each went (attempts, the last answer or error,
// the next try), and a way to send a delivered or failed one again (same body, same webhook-id).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useLocale, useTranslations } from "next-intl";
import { useEffect } from "react";
import { toast } from "sonner";
import { Badge, LoadError, Loading } from "@/components/dashboard/ui";
import { api, failureText, ok } from "@/lib/platform/client/api";
import { invalidateWebhookDeliveries, invalidateWebhookEndpoints, webhookKeys } from "@/lib/platform/client/queries/webhooks";
import { formatDateTime } from "@/lib/platform/format/intl";
import { useEventLabel, type WebhookDelivery } from "./webhook-events";

const STATUS_TONE = { pending: "blue", delivered: "green", failed: "red" } as const;

/** A delivery still pending long after its next attempt was due lost its job: the server (STUCK_AFTER_MS in
 * lib/accounts/webhooks/endpoints.service.ts) lets it be sent again. */
const STUCK_AFTER_MS = 15 * 60 * 1000;
const stuck = (d: WebhookDelivery) => !d.nextAttemptAt || Date.parse(d.nextAttemptAt) < Date.now() - STUCK_AFTER_MS;

export function DeliveryLog({ endpointId }: { endpointId: string }) {
  const t = useTranslations("IntegrationsSection.webhooks");
  const locale = useLocale();
  const label = useEventLabel();
  const qc = useQueryClient();
  const log = useQuery({
    queryKey: webhookKeys.deliveries(endpointId),
    queryFn: () => ok(api.GET("/api/webhook-endpoints/{id}/deliveries", { params: { path: { id: endpointId } } })),
    // While a delivery is being sent the log is read again every few seconds, so the owner sees how it went.
    refetchInterval: (query) => (query.state.data?.deliveries.some((d) => d.status === "pending" && !stuck(d)) ? 5_000 : false),
  });
  // What the log learns (a delivery sent, or given up) changes the endpoint's state: its badge is read again. The
  // query keeps the same data object while nothing changed, so this runs only when something did.
  useEffect(() => {
    if (log.data) void invalidateWebhookEndpoints(qc);
  }, [log.data, qc]);
  const resend = useMutation({
    mutationFn: (deliveryId: string) =>
      ok(api.POST("/api/webhook-endpoints/{id}/deliveries/{deliveryId}/resend", { params: { path: { id: endpointId, deliveryId } } })),
    onSuccess: () => {
      toast.success(t("resent"));
      return invalidateWebhookDeliveries(qc, endpointId);
    },
    onError: (e) => toast.error(failureText(e, t("resendFailed"))),
  });
  const result = (d: WebhookDelivery) =>
    [
      d.lastError ? t(`failure.${d.lastError}`, { status: d.responseStatus ?? 0 }) : d.responseStatus ? `HTTP ${d.responseStatus}` : null,
      d.nextAttemptAt && t("nextAttempt", { when: formatDateTime(d.nextAttemptAt, locale) }),
    ]
      .filter(Boolean)
      .join(" · ");
  return (
    <div className="mt-4 rounded-xl border border-slate-200 p-4" data-testid="webhook-log">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-semibold text-slate-900">{t("logTitle")}</h3>
        <button type="button" className="btn-secondary" onClick={() => void log.refetch()} disabled={log.isFetching}>
          {t("refresh")}
        </button>
      </div>
      {log.isPending ? (
        <Loading />
      ) : log.isError ? (
        <LoadError message={t("logLoadFailed")} onRetry={() => void log.refetch()} />
      ) : log.data.deliveries.length === 0 ? (
        <p className="text-slate-600">{t("logEmpty")}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="text-slate-600">
              <tr>
                <th className="py-2 pr-3 font-medium">{t("colEvent")}</th>
                <th className="py-2 pr-3 font-medium">{t("colStatus")}</th>
                <th className="py-2 pr-3 font-medium">{t("colAttempts")}</th>
                <th className="py-2 pr-3 font-medium">{t("colResult")}</th>
                <th className="py-2 pr-3 font-medium">{t("colCreated")}</th>
                <th className="py-2">
                  <span className="sr-only">{t("resend")}</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {log.data.deliveries.map((d) => (
                <tr key={d.id} data-testid="webhook-log-row" data-status={d.status}>
                  <td className="py-2 pr-3 text-slate-900">{label(d.type)}</td>
                  <td className="py-2 pr-3">
                    <Badge tone={STATUS_TONE[d.status]}>{t(`status.${d.status}`)}</Badge>
                  </td>
                  <td className="py-2 pr-3 tabular-nums">{d.attempts}</td>
                  <td className="py-2 pr-3 text-slate-700">{result(d)}</td>
                  <td className="py-2 pr-3 text-slate-700">
                    <time dateTime={d.createdAt}>{formatDateTime(d.createdAt, locale)}</time>
                  </td>
                  <td className="py-2 text-right">
                    {(d.status !== "pending" || stuck(d)) && (
                      <button
                        type="button"
                        className="btn-secondary"
                        disabled={resend.isPending}
                        onClick={() => resend.mutate(d.id)}
                        data-testid="webhook-resend"
                      >
                        {t("resend")}
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
