"use client";
// AI configuration: loading, then the parameters in use (the defaults while none are saved), or an error. The server
// answers for a new account too, with `saved` false; with them the opening line callers hear, built as a call builds it.
// Unsaved defaults offer to customize them; saved ones can be edited, reset to the defaults or deleted (each confirmed).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useLocale, useTranslations } from "next-intl";
import { lazy, Suspense, useState } from "react";
import { toast } from "sonner";
import { AI_DEFAULTS } from "@/lib/accounts/ai-settings/ai-defaults";
import { api, ok } from "@/lib/platform/client/api";
import { aiParameterKeys, invalidateAiParameters } from "@/lib/platform/client/queries/ai-parameters";
import { Card, ConfirmDialog, Details, LoadError, Loading, SectionHeader } from "../ui";
import { toastFailure } from "../use-profile-save";

// The form, and react-hook-form with it, is loaded when the owner opens it: reading the page does not need it.
const AiForm = lazy(() => import("./ai-form"));

export function AiConfig() {
  const t = useTranslations("AiConfigSection");
  const dash = useTranslations("Dashboard");
  const locale = useLocale();
  // The documented defaults (the server also fills blank texts with them); a French or Spanish dashboard starts from the
  // defaults of its own language.
  const defaults = { ...AI_DEFAULTS[locale === "fr" || locale === "es" ? locale : "en"] };
  const qc = useQueryClient();
  const query = useQuery({ queryKey: aiParameterKeys.all, queryFn: () => ok(api.GET("/api/ai/parameters")) });
  const [mode, setMode] = useState<"view" | "edit" | "create">("view");
  const [resetOpen, setResetOpen] = useState(false);

  // A save changes what callers hear (the language, the name, the greeting): the server says it again.
  const reload = () => invalidateAiParameters(qc);
  const reset = useMutation({
    mutationFn: () => ok(api.PUT("/api/ai/parameters", { body: defaults })),
    onSuccess: async () => {
      await reload();
      setResetOpen(false);
      toast.success(t("resetDone"));
    },
    onError: (e) => toastFailure(t("updateFailed"), e),
  });
  const remove = useMutation({
    mutationFn: () => ok(api.DELETE("/api/ai/parameters")),
    onSuccess: async () => {
      await reload();
      setResetOpen(false);
      setMode("view");
      toast.success(t("deleted"));
    },
    onError: (e) => toastFailure(t("deleteFailed"), e),
  });

  const header = <SectionHeader title={t("title")} description={t("description")} />;
  if (query.isPending)
    return (
      <>
        {header}
        <Loading />
      </>
    );
  if (query.isError)
    return (
      <>
        {header}
        <LoadError message={t("loadFailed")} onRetry={() => query.refetch()} />
      </>
    );

  const params = query.data;
  const heard = { label: t("spokenGreeting"), value: params.spokenGreeting, testId: "ai-spokenGreeting" };
  if (mode === "create" || (mode === "edit" && params.saved)) {
    return (
      <>
        {header}
        <Card title={mode === "create" ? t("createTitle") : t("editTitle")}>
          <Suspense fallback={<Loading />}>
            <AiForm
              initial={params}
              creating={mode === "create"}
              onSaved={() => {
                void reload().then(() => setMode("view"));
              }}
              onCancel={() => setMode("view")}
            />
          </Suspense>
        </Card>
      </>
    );
  }

  if (!params.saved) {
    // Nothing saved yet: the receptionist answers with the defaults of its language, shown as what is in use.
    return (
      <>
        {header}
        <Card title={t("defaultsTitle")} testId="ai-missing">
          <p className="mb-2 text-slate-800">{t("missing")}</p>
          <Details
            rows={[
              { label: t("language"), value: t(`languages.${params.language}`), testId: "ai-language" },
              { label: t("voice"), value: t(`voices.${params.voiceId}`), testId: "ai-voice" },
              { label: t("agentName"), value: t("defaultAgentName"), testId: "ai-agentName" },
              heard,
            ]}
          />
          <button type="button" className="btn-primary mt-4" onClick={() => setMode("create")}>
            {t("create")}
          </button>
        </Card>
      </>
    );
  }

  return (
    <>
      {header}
      <Card
        title={t("cardTitle")}
        testId="ai-loaded"
        actions={
          <>
            <button type="button" className="btn-secondary" onClick={() => setMode("edit")}>
              {dash("edit")}
            </button>
            <button type="button" className="btn-secondary" onClick={() => setResetOpen(true)}>
              {t("reset")}
            </button>
          </>
        }
      >
        <Details
          rows={[
            { label: t("language"), value: t(`languages.${params.language}`), testId: "ai-language" },
            { label: t("voice"), value: t(`voices.${params.voiceId}`), testId: "ai-voice" },
            { label: t("agentName"), value: params.agentName, testId: "ai-agentName" },
            { label: t("firstMessage"), value: params.firstMessage, testId: "ai-firstMessage" },
            heard,
          ]}
        />
      </Card>
      <ConfirmDialog
        open={resetOpen}
        title={t("resetTitle")}
        onClose={() => setResetOpen(false)}
        extraActions={
          <>
            <button type="button" className="btn-secondary" disabled={reset.isPending || remove.isPending} onClick={() => remove.mutate()}>
              {remove.isPending ? dash("working") : t("deleteConfig")}
            </button>
            <button type="button" className="btn-primary" disabled={reset.isPending || remove.isPending} onClick={() => reset.mutate()}>
              {reset.isPending ? dash("working") : t("resetToDefaults")}
            </button>
          </>
        }
      >
        <p>{t("resetText")}</p>
      </ConfirmDialog>
    </>
  );
}
