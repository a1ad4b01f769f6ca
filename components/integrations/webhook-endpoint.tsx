"use client";
// One webhook endpoint in the list: its address, events and state; editing its events or turning it off;
// a test event; its delivery log; deleting it after a confirmation.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useLocale, useTranslations } from "next-intl";
import { useId, useState } from "react";
import { toast } from "sonner";
import { FormAlert } from "@/components/forms/fields";
import { Badge, ConfirmDialog } from "@/components/dashboard/ui";
import { api, failureText, ok, type Body } from "@/lib/platform/client/api";
import { invalidateWebhookDeliveries, invalidateWebhookEndpoints } from "@/lib/platform/client/queries/webhooks";
import { formatDateTime } from "@/lib/platform/format/intl";
import { DeliveryLog } from "./webhook-deliveries";
import { useEventLabel, type WebhookEndpoint } from "./webhook-events";
import { EndpointFields, endpointBody, useEndpointForm } from "./webhook-form";

const STATE_TONE = { new: "gray", ok: "green", failing: "red" } as const;

export function EndpointItem({ endpoint }: { endpoint: WebhookEndpoint }) {
  const t = useTranslations("IntegrationsSection.webhooks");
  const locale = useLocale();
  const label = useEventLabel();
  const qc = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [showLog, setShowLog] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const path = { params: { path: { id: endpoint.id } } };
  const test = useMutation({
    mutationFn: () => ok(api.POST("/api/webhook-endpoints/{id}/test", path)),
    onSuccess: () => {
      toast.success(t("testSent"));
      setShowLog(true);
      return invalidateWebhookDeliveries(qc, endpoint.id);
    },
    onError: (e) => toast.error(failureText(e, t("testFailed"))),
  });
  const remove = useMutation({
    mutationFn: () => ok(api.DELETE("/api/webhook-endpoints/{id}", path)),
    onSuccess: () => {
      setDeleting(false);
      toast.success(t("deleted"));
      return invalidateWebhookEndpoints(qc);
    },
    onError: (e) => toast.error(failureText(e, t("deleteFailed"))),
  });
  // Each endpoint's buttons say which endpoint they act on, for a screen reader going from button to button.
  const whose = <span className="sr-only"> {endpoint.description || endpoint.url}</span>;
  return (
    <li className="py-4" data-testid="webhook-endpoint">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 space-y-1">
          <p className="break-all font-mono text-sm font-semibold text-slate-900" data-testid="webhook-endpoint-url">
            {endpoint.url}
          </p>
          {endpoint.description && <p className="text-sm text-slate-700">{endpoint.description}</p>}
          <p className="text-sm text-slate-600">{endpoint.events.map(label).join(" · ")}</p>
          <div className="flex flex-wrap items-center gap-2">
            <Badge tone={STATE_TONE[endpoint.state]} testId="webhook-endpoint-state">
              {t(`state.${endpoint.state}`)}
            </Badge>
            {!endpoint.enabled && <Badge tone="amber">{t("disabled")}</Badge>}
            {endpoint.lastDeliveryAt && (
              <span className="text-xs text-slate-600">{t("lastDelivery", { when: formatDateTime(endpoint.lastDeliveryAt, locale) })}</span>
            )}
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className="btn-secondary"
            disabled={test.isPending || !endpoint.enabled}
            onClick={() => test.mutate()}
            data-testid="webhook-test"
          >
            {t("test")}
            {whose}
          </button>
          <button
            type="button"
            className="btn-secondary"
            aria-expanded={showLog}
            onClick={() => setShowLog((v) => !v)}
            data-testid="webhook-log-toggle"
          >
            {showLog ? t("hideLog") : t("showLog")}
            {whose}
          </button>
          <button
            type="button"
            className="btn-secondary"
            aria-expanded={editing}
            onClick={() => setEditing((v) => !v)}
            data-testid="webhook-edit"
          >
            {t("edit")}
            {whose}
          </button>
          <button type="button" className="btn-secondary" onClick={() => setDeleting(true)} data-testid="webhook-delete">
            {t("delete")}
            {whose}
          </button>
        </div>
      </div>
      {editing && <EditEndpoint endpoint={endpoint} onDone={() => setEditing(false)} />}
      {showLog && <DeliveryLog endpointId={endpoint.id} />}
      <ConfirmDialog
        open={deleting}
        title={t("deleteTitle")}
        confirmLabel={t("delete")}
        busyLabel={t("deleting")}
        onConfirm={() => remove.mutateAsync().catch(() => undefined)}
        onClose={() => setDeleting(false)}
      >
        {t("deleteWarning", { url: endpoint.url })}
      </ConfirmDialog>
    </li>
  );
}

/** Its events and whether it is on; the address and description are sent back as they are. */
function EditEndpoint({ endpoint, onDone }: { endpoint: WebhookEndpoint; onDone: () => void }) {
  const t = useTranslations("IntegrationsSection.webhooks");
  const qc = useQueryClient();
  const enabledId = useId();
  const form = useEndpointForm({
    url: endpoint.url,
    description: endpoint.description ?? "",
    events: endpoint.events,
    enabled: endpoint.enabled,
    password: "",
  });
  const save = useMutation({
    mutationFn: (body: Body<"/api/webhook-endpoints/{id}", "put">) =>
      ok(api.PUT("/api/webhook-endpoints/{id}", { params: { path: { id: endpoint.id } }, body })),
    onSuccess: () => {
      toast.success(t("saved"));
      onDone();
      return invalidateWebhookEndpoints(qc);
    },
  });
  return (
    <form
      method="post"
      noValidate
      className="mt-4 space-y-4 rounded-xl border border-slate-200 p-4"
      data-testid="webhook-edit-form"
      onSubmit={form.handleSubmit((changed) => save.mutateAsync(endpointBody(changed)).catch(() => undefined))}
    >
      {save.isError && <FormAlert testId="webhook-edit-error">{failureText(save.error, t("saveFailed"))}</FormAlert>}
      <EndpointFields form={form} kind="edit" />
      <div className="flex items-center gap-3">
        <input id={enabledId} type="checkbox" className="size-5" {...form.register("enabled")} />
        <label htmlFor={enabledId} className="text-slate-800">
          {t("enabled")}
        </label>
      </div>
      <div className="flex flex-wrap gap-2">
        <button
          type="submit"
          className="btn-primary"
          disabled={save.isPending || form.formState.isSubmitting}
          data-testid="webhook-edit-save"
        >
          {save.isPending ? t("saving") : t("save")}
        </button>
        <button type="button" className="btn-secondary" onClick={onDone}>
          {t("cancelEdit")}
        </button>
      </div>
    </form>
  );
}
