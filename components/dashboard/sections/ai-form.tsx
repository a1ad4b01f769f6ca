"use client";
// The AI configuration's create and edit form (components/dashboard/sections/ai-config.tsx).
import { useMutation } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useForm, useWatch } from "react-hook-form";
import { toast } from "sonner";
import { SelectField, TextField } from "@/components/forms/fields";
import { lazyZodResolver } from "@/components/forms/lazy-zod-resolver";
import { useErrorText } from "@/components/forms/use-error-text";
import { AI_LANGUAGES, voicesOf, voiceSpeaks } from "@/lib/accounts/account/options";
import { AI_DEFAULTS } from "@/lib/accounts/ai-settings/ai-defaults";
import { api, ok, type Answer, type Body } from "@/lib/platform/client/api";
import { toastFailure } from "../use-profile-save";
import { FormButtons } from "@/components/forms/form-buttons";
import type { aiParametersFormSchema } from "@/lib/accounts/ai-settings/ai.schemas";

type AiParameters = Answer<"/api/ai/parameters", "put">;

type Language = AiParameters["language"];
// What the form edits: every field set, the voice one of the language (the body the API reads has each optional).
type AiFormValues = Required<Pick<Body<"/api/ai/parameters", "post">, "language" | "voiceId">> & {
  agentName: string;
  firstMessage: string;
};

export default function AiForm({
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
      language: initial.language,
      firstMessage: initial.firstMessage,
      agentName: initial.agentName,
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
