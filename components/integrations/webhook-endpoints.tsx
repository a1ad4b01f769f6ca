"use client";
// The owner's webhook endpoints: the list with each one's state, a form to add one, and the signing secret shown once
// right after (it is never sent again). Each endpoint's own actions (edit, test, log, delete) are in webhook-endpoint.tsx.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { toast } from "sonner";
import { useCopy } from "./use-copy";
import { FormAlert } from "@/components/forms/fields";
import { Card, LoadError, Loading } from "@/components/dashboard/ui";
import { api, failureText, ok, type Answer, type Body } from "@/lib/platform/client/api";
import { invalidateWebhookEndpoints, webhookKeys } from "@/lib/platform/client/queries/webhooks";
import { EndpointItem } from "./webhook-endpoint";
import { EndpointFields, endpointBody, useEndpointForm, type EndpointDraft } from "./webhook-form";

/** The server's limit (lib/accounts/webhooks/webhooks.schemas.ts), said before the owner meets it. */
const MAX_ENDPOINTS = 10;

export function WebhookEndpoints() {
  const t = useTranslations("IntegrationsSection.webhooks");
  const list = useQuery({ queryKey: webhookKeys.endpoints(), queryFn: () => ok(api.GET("/api/webhook-endpoints")) });
  const [created, setCreated] = useState<Answer<"/api/webhook-endpoints", "post"> | null>(null);
  return (
    <Card title={t("title")} testId="webhook-endpoints">
      <div className="space-y-3 text-slate-700">
        <p>{t("description")}</p>
        <p className="text-sm">{t("signing")}</p>
      </div>
      {created && <SecretNotice secret={created.secret} url={created.url} onDone={() => setCreated(null)} />}
      <div className="mt-5">
        {list.isPending ? (
          <Loading />
        ) : list.isError ? (
          <LoadError message={t("loadFailed")} onRetry={() => void list.refetch()} />
        ) : list.data.endpoints.length === 0 ? (
          <p className="text-slate-600">{t("empty")}</p>
        ) : (
          <ul className="divide-y divide-slate-100" data-testid="webhook-endpoint-list">
            {list.data.endpoints.map((e) => (
              <EndpointItem key={e.id} endpoint={e} />
            ))}
          </ul>
        )}
      </div>
      {list.isSuccess && list.data.endpoints.length < MAX_ENDPOINTS && <AddEndpoint onCreated={setCreated} />}
      {list.isSuccess && <p className="mt-3 text-sm text-slate-600">{t("limit", { max: MAX_ENDPOINTS })}</p>}
    </Card>
  );
}

const EMPTY: EndpointDraft = { url: "", description: "", events: [], password: "" };

function AddEndpoint({ onCreated }: { onCreated: (created: Answer<"/api/webhook-endpoints", "post">) => void }) {
  const t = useTranslations("IntegrationsSection.webhooks");
  const qc = useQueryClient();
  const form = useEndpointForm(EMPTY);
  const add = useMutation({
    mutationFn: (body: Body<"/api/webhook-endpoints", "post">) => ok(api.POST("/api/webhook-endpoints", { body })),
    onSuccess: (created) => {
      form.reset(EMPTY);
      onCreated(created);
      toast.success(t("added"));
      return invalidateWebhookEndpoints(qc);
    },
  });
  return (
    <form
      method="post"
      noValidate
      className="mt-6 space-y-4 border-t border-slate-100 pt-5"
      data-testid="webhook-add-form"
      onSubmit={form.handleSubmit((endpoint) => add.mutateAsync(endpointBody(endpoint)).catch(() => undefined))}
    >
      <h3 className="font-semibold text-slate-900">{t("addTitle")}</h3>
      {add.isError && <FormAlert testId="webhook-add-error">{failureText(add.error, t("addFailed"))}</FormAlert>}
      <EndpointFields form={form} kind="add" />
      <button
        type="submit"
        className="btn-primary"
        disabled={add.isPending || form.formState.isSubmitting}
        data-testid="webhook-add-submit"
      >
        {add.isPending ? t("adding") : t("add")}
      </button>
    </form>
  );
}

/** The new endpoint's signing secret, with a copy button: this answer is the only one that carries it. */
function SecretNotice({ secret, url, onDone }: { secret: string; url: string; onDone: () => void }) {
  const t = useTranslations("IntegrationsSection.webhooks");
  const id = useId();
  const { field, copy } = useCopy({ copied: t("copied"), copyFailed: t("copyFailed") });
  return (
    <div role="status" className="mt-5 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950" data-testid="webhook-secret">
      <label htmlFor={id} className="font-semibold">
        {t("secretTitle")} <span className="break-all font-normal">({url})</span>
      </label>
      <p className="mt-1 text-sm">{t("secretOnce")}</p>
      <div className="mt-3 flex flex-wrap gap-2">
        <input
          ref={field}
          id={id}
          readOnly
          value={secret}
          spellCheck={false}
          onFocus={(e) => e.currentTarget.select()}
          className="field-input min-w-0 flex-1 font-mono text-sm"
          data-testid="webhook-secret-value"
        />
        <button type="button" className="btn-primary" onClick={() => void copy(secret)} data-testid="webhook-secret-copy">
          {t("copy")}
        </button>
        <button type="button" className="btn-secondary" onClick={onDone} data-testid="webhook-secret-done">
          {t("secretDone")}
        </button>
      </div>
    </div>
  );
}
