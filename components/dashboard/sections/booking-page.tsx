"use client";
// The booking page's settings: whether callers can book online on their own, at which address, and what is missing
// before they can (a line to text their codes from, a live plan). Off until the owner turns it on.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useLocale, useTranslations } from "next-intl";
import { useEffect, useId, useState } from "react";
import { toast } from "sonner";
import { FormAlert, TextField } from "@/components/forms/fields";
import { api, failureText, ok, ApiError, type Answer } from "@/lib/platform/client/api";
import { bookingPageKeys } from "@/lib/platform/client/queries/booking-page";
import { localizedPath } from "@/lib/platform/i18n/paths";
import { Card, LoadError, Loading, SectionHeader } from "../ui";

type Settings = Answer<"/api/booking-page">;

export function BookingPageSettings() {
  const t = useTranslations("BookingPageSection");
  const settings = useQuery({ queryKey: bookingPageKeys.all, queryFn: () => ok(api.GET("/api/booking-page")) });
  return (
    <>
      <SectionHeader title={t("title")} description={t("description")} />
      <Card title={t("cardTitle")} testId="booking-page-settings">
        {settings.isPending ? (
          <Loading />
        ) : settings.isError ? (
          <LoadError message={t("loadFailed")} onRetry={() => void settings.refetch()} />
        ) : (
          <SettingsForm settings={settings.data} />
        )}
      </Card>
    </>
  );
}

function SettingsForm({ settings }: { settings: Settings }) {
  const t = useTranslations("BookingPageSection");
  const locale = useLocale();
  const qc = useQueryClient();
  const ids = { enabled: useId(), slug: useId(), hangUp: useId() };
  const [enabled, setEnabled] = useState(settings.enabled);
  const [textAfterHangUp, setTextAfterHangUp] = useState(settings.textAfterHangUp);
  const [slug, setSlug] = useState(settings.slug ?? "");
  const [slugError, setSlugError] = useState<string | null>(null);
  useEffect(() => {
    setEnabled(settings.enabled);
    setSlug(settings.slug ?? "");
    setTextAfterHangUp(settings.textAfterHangUp);
  }, [settings]);
  const save = useMutation({
    mutationFn: () =>
      ok(api.PUT("/api/booking-page", { body: { enabled, textAfterHangUp, ...(slug.trim() ? { slug: slug.trim() } : {}) } })),
    onSuccess: (saved) => {
      qc.setQueryData(bookingPageKeys.all, saved);
      toast.success(t("saved"));
    },
    // A taken or malformed address is said at the field; anything else above the form.
    onError: (e) => setSlugError(e instanceof ApiError && (e.status === 409 || e.status === 400) ? failureText(e, t("saveFailed")) : null),
  });
  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={(e) => {
        e.preventDefault();
        setSlugError(null);
        save.mutate();
      }}
    >
      {save.isError && !slugError && <FormAlert testId="booking-page-error">{failureText(save.error, t("saveFailed"))}</FormAlert>}
      <div className="flex items-start gap-3">
        <input id={ids.enabled} type="checkbox" className="mt-1 size-5" checked={enabled} onChange={(e) => setEnabled(e.target.checked)} />
        <label htmlFor={ids.enabled} className="text-slate-800">
          <span className="font-medium">{t("enabled")}</span>
          <span className="block text-sm text-slate-600" data-testid="booking-page-enabled-hint">
            {t(enabled ? "enabledHintOn" : "enabledHintOff")}
          </span>
        </label>
      </div>
      <div className="flex items-start gap-3">
        <input
          id={ids.hangUp}
          type="checkbox"
          className="mt-1 size-5"
          checked={textAfterHangUp}
          onChange={(e) => setTextAfterHangUp(e.target.checked)}
        />
        <label htmlFor={ids.hangUp} className="text-slate-800">
          <span className="font-medium">{t("textAfterHangUp")}</span>
          <span className="block text-sm text-slate-600">{t("textAfterHangUpHint")}</span>
        </label>
      </div>
      <TextField
        id={ids.slug}
        label={t("slug")}
        hint={t("slugHint")}
        autoComplete="off"
        spellCheck={false}
        value={slug}
        onChange={(e) => setSlug(e.target.value)}
        error={slugError ?? undefined}
      />
      {settings.url && (
        <p className="text-slate-800" data-testid="booking-page-url">
          {t("address")}{" "}
          <a href={settings.url} target="_blank" rel="noopener" className="break-all font-medium text-indigo-800 underline">
            {settings.url}
          </a>
        </p>
      )}
      {settings.enabled && !settings.ready && (
        <p className="rounded-md bg-amber-50 p-3 text-amber-950" data-testid="booking-page-not-ready">
          {t.rich("notReady", {
            link: (chunks) => (
              <a href={localizedPath(locale, "/dashboard/phone-number")} className="font-medium underline">
                {chunks}
              </a>
            ),
          })}
        </p>
      )}
      <button type="submit" className="btn-primary" disabled={save.isPending}>
        {save.isPending ? t("saving") : t("save")}
      </button>
    </form>
  );
}
