"use client";
// The booking page's settings: whether callers can book online on their own, at which address, and what is missing
// before they can (a line to text their codes from, a live plan). Off until the owner turns it on.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useLocale, useTranslations } from "next-intl";
import { useEffect, useId, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { toast } from "sonner";
import { FormAlert, TextField } from "@/components/forms/fields";
import { lazyZodResolver } from "@/components/forms/lazy-zod-resolver";
import { useErrorText } from "@/components/forms/use-error-text";
import { api, failureText, ok, ApiError, type Answer, type Body } from "@/lib/platform/client/api";
import { bookingPageKeys } from "@/lib/platform/client/queries/booking-page";
import type { bookingPageFormSchema } from "@/lib/booking-page/booking-page.forms";
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

/** The settings as the form holds them: the address as typed (empty: none yet). */
const valuesOf = (settings: Settings) => ({
  enabled: settings.enabled,
  textAfterHangUp: settings.textAfterHangUp,
  slug: settings.slug ?? "",
});

/**
 * Checked by the route's own schema (loaded on the first submit): a malformed address is named under its field. A
 * taken one, which only the server knows, is said there too; anything else it refuses, above the form.
 */
function SettingsForm({ settings }: { settings: Settings }) {
  const t = useTranslations("BookingPageSection");
  const errorText = useErrorText();
  const locale = useLocale();
  const qc = useQueryClient();
  const ids = { enabled: useId(), slug: useId(), hangUp: useId() };
  const form = useForm({
    resolver: lazyZodResolver<typeof bookingPageFormSchema>(() =>
      import("@/lib/booking-page/booking-page.forms").then((f) => f.bookingPageFormSchema),
    ),
    defaultValues: valuesOf(settings),
  });
  // The saved settings (the answer to a save, a refetch) become what the form shows.
  useEffect(() => form.reset(valuesOf(settings)), [settings, form]);
  const [failure, setFailure] = useState<string | null>(null);
  const [slugFailure, setSlugFailure] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (body: Body<"/api/booking-page", "put">) => ok(api.PUT("/api/booking-page", { body })),
    onSuccess: (saved) => {
      qc.setQueryData(bookingPageKeys.all, saved);
      toast.success(t("saved"));
    },
    // A taken or malformed address is said at the field; anything else above the form.
    onError: (e) => {
      const text = failureText(e, t("saveFailed"));
      if (e instanceof ApiError && (e.status === 409 || e.status === 400)) setSlugFailure(text);
      else setFailure(text);
    },
  });
  const enabled = useWatch({ control: form.control, name: "enabled" });
  const { errors } = form.formState;
  return (
    <form
      method="post"
      noValidate
      className="space-y-4"
      onSubmit={form.handleSubmit((body) => {
        setFailure(null);
        setSlugFailure(null);
        return save.mutateAsync(body).catch(() => undefined);
      })}
    >
      {failure && <FormAlert testId="booking-page-error">{failure}</FormAlert>}
      <div className="flex items-start gap-3">
        <input id={ids.enabled} type="checkbox" className="mt-1 size-5" {...form.register("enabled")} />
        <label htmlFor={ids.enabled} className="text-slate-800">
          <span className="font-medium">{t("enabled")}</span>
          <span className="block text-sm text-slate-600" data-testid="booking-page-enabled-hint">
            {t(enabled ? "enabledHintOn" : "enabledHintOff")}
          </span>
        </label>
      </div>
      <div className="flex items-start gap-3">
        <input id={ids.hangUp} type="checkbox" className="mt-1 size-5" {...form.register("textAfterHangUp")} />
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
        error={errorText("slug", errors.slug) ?? slugFailure ?? undefined}
        {...form.register("slug")}
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
      <button type="submit" className="btn-primary" disabled={save.isPending || form.formState.isSubmitting}>
        {save.isPending ? t("saving") : t("save")}
      </button>
    </form>
  );
}
