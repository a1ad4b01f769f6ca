"use client";
// The practice's API keys for its other tools: the list (name, first characters, what each may do, when made and last
// used), a new key (a name and the scopes it opens, each said in plain words), the key shown once after it is made with
// a copy button, and revoking with confirmation (the tools using it stop at once).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useLocale, useTranslations } from "next-intl";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import type { z } from "zod";
import { useCopy } from "./use-copy";
import { Card, ConfirmDialog, LoadError, Loading } from "@/components/dashboard/ui";
import { FormAlert, TextField } from "@/components/forms/fields";
import { lazyZodResolver } from "@/components/forms/lazy-zod-resolver";
import { useErrorText } from "@/components/forms/use-error-text";
import type { createApiKeySchema } from "@/lib/accounts/api-keys/api-keys.schemas";
import { api, failureText, ok, type Answer, type Body } from "@/lib/platform/client/api";
import { apiKeyKeys, invalidateApiKeys } from "@/lib/platform/client/queries/api-keys";
import { formatDateTime } from "@/lib/platform/format/intl";

type ApiKey = Answer<"/api/api-keys">["apiKeys"][number];
type Scope = ApiKey["scopes"][number];
type CreateKeyDraft = z.input<typeof createApiKeySchema>;

/** Each scope's message key, in the order the form offers them (a new scope fails the type check until it is here). */
const SCOPE_TEXT = {
  "appointments:read": "appointmentsRead",
  "appointments:write": "appointmentsWrite",
  "calls:read": "callsRead",
  "messages:read": "messagesRead",
  "tasks:read": "tasksRead",
} as const satisfies Record<Scope, string>;
const SCOPES = Object.keys(SCOPE_TEXT) as Scope[];

export function ApiKeys() {
  const t = useTranslations("IntegrationsSection.apiKeys");
  const locale = useLocale();
  const qc = useQueryClient();
  const [made, setMade] = useState<{ name: string; key: string } | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const list = useQuery({ queryKey: apiKeyKeys.all, queryFn: () => ok(api.GET("/api/api-keys")) });
  const revoke = useMutation({
    mutationFn: (id: string) => ok(api.DELETE("/api/api-keys/{id}", { params: { path: { id } } })),
    onSuccess: () => {
      setRevoking(null);
      toast.success(t("revoked"));
      return invalidateApiKeys(qc);
    },
    onError: (e) => toast.error(failureText(e, t("revokeFailed"))),
  });
  const scopeLabel = (s: Scope) => t(`scopes.${SCOPE_TEXT[s]}.label`);

  return (
    <Card title={t("title")} testId="api-keys">
      <div className="space-y-3 text-slate-700">
        <p>{t("description")}</p>
        <p className="text-sm">
          {t("howTo")} <code className="rounded bg-slate-100 px-1 font-mono text-sm">Authorization: Bearer rk_…</code>
        </p>
      </div>
      {made && <NewKey name={made.name} secret={made.key} onDone={() => setMade(null)} />}
      <div className="mt-5">
        {list.isPending ? (
          <Loading />
        ) : list.isError ? (
          <LoadError message={failureText(list.error, t("loadFailed"))} onRetry={() => void list.refetch()} />
        ) : list.data.apiKeys.length === 0 ? (
          <p className="text-slate-600">{t("empty")}</p>
        ) : (
          <ul className="divide-y divide-slate-100" aria-label={t("listLabel")}>
            {list.data.apiKeys.map((k) => (
              <li key={k.id} className="flex flex-wrap items-start justify-between gap-3 py-3" data-testid="api-key-row">
                <div className="min-w-0 space-y-1">
                  <p className="font-semibold text-slate-900">
                    {k.name} <span className="font-mono text-sm font-normal text-slate-600">{k.prefix}…</span>
                  </p>
                  <p className="text-sm text-slate-700">{k.scopes.map(scopeLabel).join(" · ")}</p>
                  <p className="text-sm text-slate-600">
                    {t("createdAt", { date: formatDateTime(k.createdAt, locale) })} ·{" "}
                    {k.lastUsedAt ? t("lastUsedAt", { date: formatDateTime(k.lastUsedAt, locale) }) : t("neverUsed")}
                  </p>
                </div>
                <button type="button" className="btn-secondary" data-testid="api-key-revoke" onClick={() => setRevoking(k)}>
                  {t("revoke")}
                  <span className="sr-only"> {k.name}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
      <NewKeyForm
        onMade={(key) => {
          setMade(key);
          return invalidateApiKeys(qc);
        }}
      />
      <ConfirmDialog
        open={revoking !== null}
        title={t("revokeTitle")}
        confirmLabel={t("revoke")}
        busyLabel={t("revoking")}
        onConfirm={() => (revoking ? revoke.mutateAsync(revoking.id).catch(() => undefined) : undefined)}
        onClose={() => setRevoking(null)}
      >
        {revoking && <p>{t("revokeText", { name: revoking.name, prefix: revoking.prefix })}</p>}
      </ConfirmDialog>
    </Card>
  );
}

/**
 * The key just made: shown here once, with a copy button, until the owner says they have it. (`secret`, not `key`:
 * React keeps a `key` prop to itself and never hands it to the component.)
 */
function NewKey({ name, secret, onDone }: { name: string; secret: string; onDone: () => void }) {
  const t = useTranslations("IntegrationsSection.apiKeys");
  const id = useId();
  const { field, copy } = useCopy({ copied: t("copied"), copyFailed: t("copyFailed") });
  return (
    <div className="mt-5 rounded-lg border border-emerald-200 bg-emerald-50 p-4" data-testid="api-key-new" role="status">
      <label htmlFor={id} className="field-label">
        {t("newKeyTitle", { name })}
      </label>
      <div className="flex flex-wrap gap-2">
        <input
          ref={field}
          id={id}
          readOnly
          value={secret}
          onFocus={(e) => e.currentTarget.select()}
          spellCheck={false}
          className="field-input min-w-0 flex-1 font-mono text-sm"
          data-testid="api-key-value"
        />
        <button type="button" className="btn-primary" data-testid="api-key-copy" onClick={() => void copy(secret)}>
          {t("copy")}
        </button>
      </div>
      <p className="mt-2 text-sm font-medium text-emerald-950">{t("shownOnce")}</p>
      <button type="button" className="btn-secondary mt-3" onClick={onDone}>
        {t("done")}
      </button>
    </div>
  );
}

const EMPTY: CreateKeyDraft = { name: "", scopes: [], password: "" };

/**
 * The new key's name, scopes and (after ten minutes signed in) the owner's password. Checked by the route's own schema,
 * loaded on the first submit: a name left empty or no scope chosen is said at its field; everything else is the
 * server's, said above the form.
 */
function NewKeyForm({ onMade }: { onMade: (made: { name: string; key: string }) => Promise<unknown> }) {
  const t = useTranslations("IntegrationsSection.apiKeys");
  const errorText = useErrorText();
  const ids = { name: useId(), scopes: useId(), password: useId() };
  const form = useForm({
    resolver: lazyZodResolver<typeof createApiKeySchema>(() =>
      import("@/lib/accounts/api-keys/api-keys.schemas").then((s) => s.createApiKeySchema),
    ),
    defaultValues: EMPTY,
  });
  const [failure, setFailure] = useState<string | null>(null);
  const create = useMutation({
    mutationFn: (body: Body<"/api/api-keys", "post">) => ok(api.POST("/api/api-keys", { body })),
    onSuccess: (made) => {
      setFailure(null);
      form.reset(EMPTY);
      toast.success(t("createdToast"));
      return onMade({ name: made.name, key: made.key });
    },
    onError: (e) => setFailure(failureText(e, t("createFailed"))),
  });
  const { errors } = form.formState;
  const scopesError = errorText("scopes", errors.scopes);
  return (
    <form
      method="post"
      noValidate
      className="mt-6 max-w-xl space-y-4 border-t border-slate-100 pt-5"
      data-testid="api-key-form"
      onSubmit={form.handleSubmit(({ password, ...key }) =>
        // An empty password is none: a fresh sign-in is proof enough.
        create.mutateAsync({ ...key, ...(password ? { password } : {}) }).catch(() => undefined),
      )}
    >
      <h3 className="font-semibold text-slate-900">{t("newTitle")}</h3>
      {failure && <FormAlert testId="api-key-error">{failure}</FormAlert>}
      <TextField
        id={ids.name}
        label={t("name")}
        hint={t("nameHint")}
        autoComplete="off"
        maxLength={80}
        // "keyName", not "name": the shared field name reads as a person's full name.
        error={errorText("keyName", errors.name)}
        {...form.register("name")}
      />
      <fieldset aria-describedby={scopesError ? `${ids.scopes}-error` : undefined}>
        <legend className="field-label">{t("scopesLegend")}</legend>
        <div className="space-y-3">
          {SCOPES.map((scope) => (
            <div key={scope} className="flex items-start gap-3">
              <input
                id={`${ids.scopes}-${scope}`}
                type="checkbox"
                value={scope}
                aria-invalid={scopesError ? true : undefined}
                className="mt-1 size-5"
                data-testid={`api-key-scope-${scope}`}
                {...form.register("scopes")}
              />
              <label htmlFor={`${ids.scopes}-${scope}`} className="text-slate-800">
                <span className="font-medium">{t(`scopes.${SCOPE_TEXT[scope]}.label`)}</span>
                <span className="block text-sm text-slate-600">{t(`scopes.${SCOPE_TEXT[scope]}.help`)}</span>
              </label>
            </div>
          ))}
        </div>
        {scopesError && (
          <p id={`${ids.scopes}-error`} className="field-error" role="alert">
            {scopesError}
          </p>
        )}
      </fieldset>
      <TextField
        id={ids.password}
        type="password"
        label={t("password")}
        hint={t("passwordHint")}
        autoComplete="current-password"
        maxLength={200}
        error={errorText("password", errors.password)}
        {...form.register("password")}
      />
      <button type="submit" className="btn-primary" disabled={create.isPending || form.formState.isSubmitting}>
        {create.isPending ? t("creating") : t("create")}
      </button>
    </form>
  );
}
