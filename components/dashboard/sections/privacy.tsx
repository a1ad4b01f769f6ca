"use client";
// "Privacy & data": the owner's GDPR tools in one place. Export (access and portability), how long call content is kept
// and whether calls are recorded, erasing one caller on request, and deleting the account. The server enforces every
// bound and check; the form only helps.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useLocale, useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { toast } from "sonner";
import { FormAlert, TextField } from "@/components/forms/fields";
import { api, ok, failureText } from "@/lib/platform/client/api";
import { privacyQuery, setPrivacy } from "@/lib/platform/client/queries/privacy";
import { clearSession } from "@/lib/platform/client/browser-session";
import { localizedPath } from "@/lib/platform/i18n/paths";
import { Card, ConfirmDialog, LoadError, Loading, SectionHeader } from "../ui";
import { useProfile } from "../session";
import { DataExportSection } from "./data-export";

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
  const queryClient = useQueryClient();
  const query = useQuery(privacyQuery());
  const [days, setDays] = useState("");
  const [recording, setRecording] = useState(true);
  const [birthDate, setBirthDate] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => {
    if (!query.data) return;
    setDays(String(query.data.retentionDays));
    setRecording(query.data.recordingEnabled);
    setBirthDate(query.data.birthDateCheck);
  }, [query.data]);
  const save = useMutation({
    mutationFn: () =>
      ok(
        api.PUT("/api/account/privacy", { body: { retentionDays: Number(days), recordingEnabled: recording, birthDateCheck: birthDate } }),
      ),
    onSuccess: (data) => {
      setFailure(null);
      // The Calls page's purge dates follow the new period.
      void setPrivacy(queryClient, data);
      toast.success(t("saved"));
    },
    onError: (e) => setFailure(failureText(e, t("saveFailed"))),
  });
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
  const { min, max, default: def } = query.data.retentionLimits;
  return (
    <Card title={t("settingsTitle")} testId="privacy-settings">
      <form
        method="post"
        noValidate
        className="max-w-xl space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate();
        }}
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
          value={days}
          onChange={(e) => setDays(e.target.value)}
        />
        <Toggle id="privacy-recording" label={t("recordingLabel")} hint={t("recordingHint")} checked={recording} onChange={setRecording} />
        <Toggle id="privacy-birth-date" label={t("birthDateLabel")} hint={t("birthDateHint")} checked={birthDate} onChange={setBirthDate} />
        <button type="submit" className="btn-primary" disabled={save.isPending}>
          {save.isPending ? t("saving") : t("save")}
        </button>
      </form>
    </Card>
  );
}

function Toggle(props: { id: string; label: string; hint: string; checked: boolean; onChange: (on: boolean) => void }) {
  return (
    <div className="flex items-start gap-3">
      <input
        id={props.id}
        type="checkbox"
        className="mt-1 h-5 w-5 rounded border-slate-400"
        checked={props.checked}
        onChange={(e) => props.onChange(e.target.checked)}
        aria-describedby={`${props.id}-hint`}
      />
      <div>
        <label htmlFor={props.id} className="font-medium text-slate-900">
          {props.label}
        </label>
        <p id={`${props.id}-hint`} className="text-sm text-slate-600">
          {props.hint}
        </p>
      </div>
    </div>
  );
}

function EraseCaller() {
  const t = useTranslations("PrivacySection");
  const queryClient = useQueryClient();
  const [phone, setPhone] = useState("");
  const [confirming, setConfirming] = useState(false);
  const [result, setResult] = useState<{ tone: "success" | "error"; text: string } | null>(null);
  return (
    <Card title={t("eraseCallerTitle")} testId="erase-caller">
      <p className="mb-4 max-w-2xl text-slate-600">{t("eraseCallerText")}</p>
      <form
        method="post"
        noValidate
        className="flex max-w-xl flex-wrap items-end gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          setResult(null);
          if (phone.trim()) setConfirming(true);
          else setResult({ tone: "error", text: t("phoneRequired") });
        }}
      >
        <div className="min-w-64 flex-1">
          <TextField
            id="erase-caller-phone"
            type="tel"
            autoComplete="off"
            label={t("callerPhone")}
            value={phone}
            onChange={(e) => setPhone(e.target.value)}
          />
        </div>
        <button type="submit" className="btn-secondary">
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
        open={confirming}
        title={t("eraseCallerConfirmTitle", { phone: phone.trim() })}
        confirmLabel={t("eraseCallerConfirm")}
        busyLabel={t("erasing")}
        onClose={() => setConfirming(false)}
        onConfirm={async () => {
          try {
            const res = await ok(api.DELETE("/api/callers/{phone}", { params: { path: { phone: encodeURIComponent(phone.trim()) } } }));
            setResult({ tone: "success", text: res.message });
            setPhone("");
            await queryClient.invalidateQueries();
          } catch (e) {
            setResult({ tone: "error", text: failureText(e, t("eraseFailed")) });
          } finally {
            setConfirming(false);
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
  const { profile } = useProfile();
  const [password, setPassword] = useState("");
  const [confirming, setConfirming] = useState(false);
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
        onSubmit={(e) => {
          e.preventDefault();
          setFailure(null);
          setConfirming(true);
        }}
      >
        {failure && <FormAlert testId="delete-account-error">{failure}</FormAlert>}
        <TextField
          id="delete-password"
          type="password"
          autoComplete="current-password"
          label={t("deletePassword")}
          hint={t("deletePasswordHint")}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <button
          type="submit"
          className="inline-flex min-h-11 items-center justify-center rounded-lg bg-red-700 px-5 py-2.5 font-semibold text-white hover:bg-red-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700"
        >
          {t("deleteAccount")}
        </button>
      </form>
      <ConfirmDialog
        open={confirming}
        title={t("deleteConfirmTitle")}
        confirmLabel={t("deleteConfirm")}
        busyLabel={t("deleting")}
        onClose={() => setConfirming(false)}
        onConfirm={async () => {
          try {
            await ok(api.DELETE("/api/account", { body: password ? { password } : {} }), { keepSessionOn401: true });
            clearSession("loggedOut");
            window.location.assign(`${localizedPath(locale, "/login")}?deleted=true`);
          } catch (e) {
            setFailure(failureText(e, t("deleteFailed")));
            setConfirming(false);
          }
        }}
      >
        <p>{t("deleteConfirmText")}</p>
      </ConfirmDialog>
    </Card>
  );
}
