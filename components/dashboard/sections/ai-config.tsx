"use client";
// AI configuration: loading, then missing (the server answers 404: the defaults are in use, and shown), loaded or error.
// Missing offers to customize the defaults; a loaded one can be edited, reset to the defaults or deleted (each confirmed).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useLocale, useTranslations } from "next-intl";
import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { toast } from "sonner";
import { SelectField, TextField } from "@/components/forms/fields";
import { lazyZodResolver } from "@/components/forms/lazy-zod-resolver";
import { useErrorText } from "@/components/forms/use-error-text";
import { AI_LANGUAGES, voicesOf, voiceSpeaks } from "@/lib/accounts/account/options";
import { AI_DEFAULTS } from "@/lib/accounts/ai-settings/ai.schemas";
import { ApiError, api, ok, type Answer, type Body } from "@/lib/platform/client/api";
import { Card, ConfirmDialog, Details, LoadError, Loading, SectionHeader } from "../ui";
import { toastFailure } from "../use-profile-save";
import { FormButtons } from "./personal-info";
import type { aiParametersFormSchema } from "@/lib/accounts/ai-settings/ai.schemas";

const KEY = ["ai-parameters"] as const;

type AiParameters = Answer<"/api/ai/parameters">;

/** null = none yet (404). */
async function loadParameters(): Promise<AiParameters | null> {
  try {
    return await ok(api.GET("/api/ai/parameters"));
  } catch (e) {
    if (e instanceof ApiError && e.status === 404) return null;
    throw e;
  }
}

export function AiConfig() {
  const t = useTranslations("AiConfigSection");
  const dash = useTranslations("Dashboard");
  const locale = useLocale();
  // The documented defaults (the server also fills blank texts with them); a French or Spanish dashboard starts from the
  // defaults of its own language.
  const defaults = { ...AI_DEFAULTS[locale === "fr" || locale === "es" ? locale : "en"] };
  const qc = useQueryClient();
  const query = useQuery({ queryKey: KEY, queryFn: loadParameters });
  const [mode, setMode] = useState<"view" | "edit" | "create">("view");
  const [resetOpen, setResetOpen] = useState(false);

  const set = (value: AiParameters | null) => qc.setQueryData(KEY, value);
  const reset = useMutation({
    mutationFn: () => ok(api.PUT("/api/ai/parameters", { body: defaults })),
    onSuccess: (p) => {
      set(p);
      setResetOpen(false);
      toast.success(t("resetDone"));
    },
    onError: (e) => toastFailure(t("updateFailed"), e),
  });
  const remove = useMutation({
    mutationFn: () => ok(api.DELETE("/api/ai/parameters")),
    onSuccess: () => {
      set(null);
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
  if (mode === "create" || (mode === "edit" && params)) {
    return (
      <>
        {header}
        <Card title={mode === "create" ? t("createTitle") : t("editTitle")}>
          <AiForm
            initial={mode === "create" ? defaults : params!}
            creating={mode === "create"}
            onSaved={(p) => {
              set(p);
              setMode("view");
            }}
            onCancel={() => setMode("view")}
          />
        </Card>
      </>
    );
  }

  if (!params) {
    // Nothing saved yet: the receptionist answers with the defaults of its language, shown as what is in use.
    return (
      <>
        {header}
        <Card title={t("defaultsTitle")} testId="ai-missing">
          <p className="mb-2 text-slate-800">{t("missing")}</p>
          <Details
            rows={[
              { label: t("language"), value: t(`languages.${defaults.language}`), testId: "ai-language" },
              { label: t("voice"), value: t(`voices.${defaults.voiceId}`), testId: "ai-voice" },
              { label: t("agentName"), value: t("defaultAgentName"), testId: "ai-agentName" },
              { label: t("firstMessage"), value: defaults.firstMessage, testId: "ai-firstMessage" },
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

type Language = AiParameters["language"];
// What the form edits: every field set, the voice one of the language (the body the API reads has each optional).
type AiFormValues = Required<Pick<Body<"/api/ai/parameters", "post">, "language" | "voiceId">> & {
  agentName: string;
  firstMessage: string;
};

function AiForm({
  initial,
  creating,
  onSaved,
  onCancel,
}: {
  initial: AiParameters;
  creating: boolean;
  onSaved: (p: AiParameters) => void;
  onCancel: () => void;
}) {
  const t = useTranslations("AiConfigSection");
  const dash = useTranslations("Dashboard");
  const errorText = useErrorText();
  const form = useForm({
    resolver: lazyZodResolver<typeof aiParametersFormSchema>(() =>
      import("@/lib/accounts/ai-settings/ai.schemas").then((s) => s.aiParametersFormSchema),
    ),
    // A voice saved before voices were checked against the language opens as the one its calls use: the language's default.
    defaultValues: {
      ...initial,
      voiceId: voiceSpeaks(initial.voiceId, initial.language) ? initial.voiceId : AI_DEFAULTS[initial.language].voiceId,
    },
  });
  const save = useMutation({
    mutationFn: (body: AiFormValues) => ok(creating ? api.POST("/api/ai/parameters", { body }) : api.PUT("/api/ai/parameters", { body })),
    onSuccess: (p) => {
      toast.success(creating ? t("created") : t("updated"));
      onSaved(p);
    },
    onError: (e) => toastFailure(creating ? t("createFailed") : t("updateFailed"), e),
  });
  const { errors } = form.formState;
  const language = useWatch({ control: form.control, name: "language" });
  const voiceId = useWatch({ control: form.control, name: "voiceId" });
  const languageField = form.register("language", {
    // A voice speaks one language: choosing another language moves a voice of the old one to the new language's default.
    onChange: (e: { target: { value: Language } }) => {
      const next = e.target.value;
      if (!voiceSpeaks(form.getValues("voiceId"), next)) form.setValue("voiceId", AI_DEFAULTS[next].voiceId);
    },
  });
  return (
    <form method="post" noValidate className="space-y-4" onSubmit={form.handleSubmit((v) => save.mutateAsync(v).catch(() => undefined))}>
      <SelectField id="ai-language" label={t("language")} hint={t("languageHint")} {...languageField}>
        {AI_LANGUAGES.map((l) => (
          <option key={l} value={l}>
            {t(`languages.${l}`)}
          </option>
        ))}
      </SelectField>
      {/* Only the chosen language's voices; the value is held so the list and the selection change together. */}
      <SelectField
        id="ai-voiceId"
        label={t("voice")}
        hint={t("voiceHint")}
        error={errorText("voiceId", errors.voiceId)}
        {...form.register("voiceId")}
        value={voiceId}
      >
        {voicesOf(language).map((v) => (
          <option key={v} value={v}>
            {t(`voices.${v}`)}
          </option>
        ))}
      </SelectField>
      <TextField
        id="ai-agentName"
        label={t("agentName")}
        hint={t("agentNameHint")}
        error={errorText("agentName", errors.agentName)}
        {...form.register("agentName")}
      />
      <TextField
        id="ai-firstMessage"
        label={t("firstMessage")}
        hint={t("firstMessageHint")}
        error={errorText("firstMessage", errors.firstMessage)}
        {...form.register("firstMessage")}
      />
      <FormButtons busy={save.isPending} onCancel={onCancel} saveLabel={creating ? t("create") : dash("save")} />
    </form>
  );
}
