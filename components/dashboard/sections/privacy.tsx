"use client";
// "Privacy & data": the owner's GDPR tools in one place. Export (access and portability), how long call content is kept
// and whether calls are recorded, erasing one caller on request, and deleting the account. Each form is checked by its
// route's own schema (loaded on the first submit); the server enforces every bound and check again.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useLocale, useTranslations } from "next-intl";
import { useState, type ComponentProps } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { FormAlert, TextField } from "@/components/forms/fields";
import { lazyZodResolver } from "@/components/forms/lazy-zod-resolver";
import { useErrorText } from "@/components/forms/use-error-text";
import type { eraseCallerFormSchema } from "@/lib/accounts/privacy/privacy.forms";
import type { eraseAccountSchema, privacySettingsSchema } from "@/lib/accounts/privacy/privacy.schemas";
import { api, ok, failureText, type Answer, type Body } from "@/lib/platform/client/api";
import { privacyQuery, setPrivacy } from "@/lib/platform/client/queries/privacy";
import { clearSession } from "@/lib/platform/client/browser-session";
import { localizedPath } from "@/lib/platform/i18n/paths";
import { Card, ConfirmDialog, LoadError, Loading, SectionHeader } from "../ui";
import { useProfile } from "../session";
import { DataExportSection } from "./data-export";

type Settings = Answer<"/api/account/privacy">;

export function PrivacyAndData() {
  const t = useTranslations("PrivacySection");
  return (
    <>
      <SectionHeader title={t("title")} description={t("description")} />
      <div className="space-y-6">
        <DataExportSection />
        <PrivacySettings />
        <EraseCaller />
        <DeleteAccount />
      </div>
    </>
  );
}

function PrivacySettings() {
  const t = useTranslations("PrivacySection");
  const query = useQuery(privacyQuery());
  if (query.isPending)
    return (
      <Card title={t("settingsTitle")}>
        <Loading />
      </Card>
    );
  if (query.isError)
    return (
      <Card title={t("settingsTitle")}>
        <LoadError message={t("loadFailed")} onRetry={() => query.refetch()} />
      </Card>
    );
  return <PrivacySettingsForm settings={query.data} />;
}

const settingsValues = (s: Settings) => ({
  retentionDays: s.retentionDays,
  recordingEnabled: s.recordingEnabled,
  birthDateCheck: s.birthDateCheck,
});

/** The form opens on the saved settings and takes what the server kept after each save. */
function PrivacySettingsForm({ settings }: { settings: Settings }) {
  const t = useTranslations("PrivacySection");
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const form = useForm({
    resolver: lazyZodResolver<typeof privacySettingsSchema>(() =>
      import("@/lib/accounts/privacy/privacy.schemas").then((s) => s.privacySettingsSchema),
    ),
    defaultValues: settingsValues(settings),
  });
  const [failure, setFailure] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (body: Body<"/api/account/privacy", "put">) => ok(api.PUT("/api/account/privacy", { body })),
    onSuccess: (data) => {
      setFailure(null);
      form.reset(settingsValues(data));
      // The Calls page's purge dates follow the new period.
      void setPrivacy(queryClient, data);
      toast.success(t("saved"));
    },
    onError: (e) => setFailure(failureText(e, t("saveFailed"))),
  });
  const { min, max, default: def } = settings.retentionLimits;
  return (
    <Card title={t("settingsTitle")} testId="privacy-settings">
      <form
        method="post"
        noValidate
        className="max-w-xl space-y-4"
        onSubmit={form.handleSubmit((body) => save.mutateAsync(body).catch(() => undefined))}
      >
        {failure && <FormAlert testId="privacy-error">{failure}</FormAlert>}
        <TextField
          id="privacy-retention"
          type="number"
          inputMode="numeric"
          min={min}
          max={max}
          step={1}
          required
          label={t("retentionLabel")}
          hint={t("retentionHint", { min, max, default: def })}
          error={errorText("retentionDays", form.formState.errors.retentionDays)}
          // An empty box is NaN, which the schema refuses with the range it states.
          {...form.register("retentionDays", { valueAsNumber: true })}
        />
        <Toggle id="privacy-recording" label={t("recordingLabel")} hint={t("recordingHint")} {...form.register("recordingEnabled")} />
        <Toggle id="privacy-birth-date" label={t("birthDateLabel")} hint={t("birthDateHint")} {...form.register("birthDateCheck")} />
        <button type="submit" className="btn-primary" disabled={save.isPending || form.formState.isSubmitting}>
          {save.isPending ? t("saving") : t("save")}
        </button>
      </form>
    </Card>
  );
}

function Toggle({ id, label, hint, ...input }: { id: string; label: string; hint: string } & ComponentProps<"input">) {
  return (
    <div className="flex items-start gap-3">
      <input id={id} type="checkbox" className="mt-1 h-5 w-5 rounded border-slate-400" aria-describedby={`${id}-hint`} {...input} />
      <div>
        <label htmlFor={id} className="font-medium text-slate-900">
          {label}
        </label>
        <p id={`${id}-hint`} className="text-sm text-slate-600">
          {hint}
        </p>
      </div>
    </div>
  );
}

/** The number is checked, then confirmed in a dialog, then erased; the outcome (or the refusal) is said under the form. */
function EraseCaller() {
  const t = useTranslations("PrivacySection");
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const form = useForm({
    resolver: lazyZodResolver<typeof eraseCallerFormSchema>(() =>
      import("@/lib/accounts/privacy/privacy.forms").then((f) => f.eraseCallerFormSchema),
    ),
    defaultValues: { phone: "" },
  });
  // The number being confirmed, as checked (trimmed).
  const [confirming, setConfirming] = useState<string | null>(null);
  const [result, setResult] = useState<{ tone: "success" | "error"; text: string } | null>(null);
  const error = form.formState.errors.phone;
  return (
    <Card title={t("eraseCallerTitle")} testId="erase-caller">
      <p className="mb-4 max-w-2xl text-slate-600">{t("eraseCallerText")}</p>
      <form
        method="post"
        noValidate
        className="flex max-w-xl flex-wrap items-end gap-3"
        onSubmit={form.handleSubmit(({ phone }) => {
          setResult(null);
          setConfirming(phone);
        })}
      >
        <div className="min-w-64 flex-1">
          <TextField
            id="erase-caller-phone"
            type="tel"
            autoComplete="off"
            label={t("callerPhone")}
            error={errorText("phone", error)}
            {...form.register("phone")}
          />
        </div>
        <button type="submit" className={`btn-secondary ${error ? "mb-7" : ""}`}>
          {t("eraseCaller")}
        </button>
      </form>
      {result && (
        <div className="mt-4">
          <FormAlert tone={result.tone} testId="erase-caller-result">
            {result.text}
          </FormAlert>
        </div>
      )}
      <ConfirmDialog
        open={confirming !== null}
        title={t("eraseCallerConfirmTitle", { phone: confirming ?? "" })}
        confirmLabel={t("eraseCallerConfirm")}
        busyLabel={t("erasing")}
        onClose={() => setConfirming(null)}
        onConfirm={async () => {
          if (confirming === null) return;
          try {
            const res = await ok(api.DELETE("/api/callers/{phone}", { params: { path: { phone: encodeURIComponent(confirming) } } }));
            setResult({ tone: "success", text: res.message });
            form.reset();
            await queryClient.invalidateQueries();
          } catch (e) {
            setResult({ tone: "error", text: failureText(e, t("eraseFailed")) });
          } finally {
            setConfirming(null);
          }
        }}
      >
        <p>{t("eraseCallerConfirmText")}</p>
      </ConfirmDialog>
    </Card>
  );
}

function DeleteAccount() {
  const t = useTranslations("PrivacySection");
  const locale = useLocale();
  const errorText = useErrorText();
  const { profile } = useProfile();
  const form = useForm({
    resolver: lazyZodResolver<typeof eraseAccountSchema>(() =>
      import("@/lib/accounts/privacy/privacy.schemas").then((s) => s.eraseAccountSchema),
    ),
    defaultValues: { password: "" },
  });
  // What the confirmation will send, as checked; null while the dialog is closed.
  const [confirming, setConfirming] = useState<Body<"/api/account", "delete"> | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  if (profile?.type === "admin") {
    return (
      <Card title={t("deleteTitle")} testId="delete-account">
        <p className="text-slate-600">{t("deleteAdmin")}</p>
      </Card>
    );
  }
  return (
    <Card title={t("deleteTitle")} testId="delete-account">
      <div className="max-w-2xl space-y-3 text-slate-700">
        <p>{t("deleteText")}</p>
        <ul className="list-disc space-y-1 pl-5">
          <li>{t("deleteItemData")}</li>
          <li>{t("deleteItemNumber")}</li>
          <li>{t("deleteItemSubscription")}</li>
          <li>{t("deleteItemCalendar")}</li>
        </ul>
        <p className="font-medium">{t("deleteExportFirst")}</p>
      </div>
      <form
        method="post"
        noValidate
        className="mt-4 max-w-md space-y-4"
        onSubmit={form.handleSubmit(({ password }) => {
          setFailure(null);
          // An empty box sends no password: a recent sign-in may be proof enough.
          setConfirming(password ? { password } : {});
        })}
      >
        {failure && <FormAlert testId="delete-account-error">{failure}</FormAlert>}
        <TextField
          id="delete-password"
          type="password"
          autoComplete="current-password"
          label={t("deletePassword")}
          hint={t("deletePasswordHint")}
          error={errorText("password", form.formState.errors.password)}
          {...form.register("password")}
        />
        <button
          type="submit"
          className="inline-flex min-h-11 items-center justify-center rounded-lg bg-red-700 px-5 py-2.5 font-semibold text-white hover:bg-red-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700"
        >
          {t("deleteAccount")}
        </button>
      </form>
      <ConfirmDialog
        open={confirming !== null}
        title={t("deleteConfirmTitle")}
        confirmLabel={t("deleteConfirm")}
        busyLabel={t("deleting")}
        onClose={() => setConfirming(null)}
        onConfirm={async () => {
          if (confirming === null) return;
          try {
            await ok(api.DELETE("/api/account", { body: confirming }), { keepSessionOn401: true });
            clearSession("loggedOut");
            window.location.assign(`${localizedPath(locale, "/login")}?deleted=true`);
          } catch (e) {
            setFailure(failureText(e, t("deleteFailed")));
            setConfirming(null);
          }
        }}
      >
        <p>{t("deleteConfirmText")}</p>
      </ConfirmDialog>
    </Card>
  );
}
