"use client";
// One practitioner's calendar on the Calendar page: its status, connecting Google or Outlook (their consent popups) or a
// CalDAV account (a short form), and disconnecting with confirmation.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useLocale, useTranslations } from "next-intl";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { FormAlert, TextField } from "@/components/forms/fields";
import { lazyZodResolver } from "@/components/forms/lazy-zod-resolver";
import { useErrorText } from "@/components/forms/use-error-text";
import { api, ok, failureText, SessionExpiredError, type Answer, type Body } from "@/lib/platform/client/api";
import { ConsentError, requestCalendarCode } from "@/lib/platform/client/calendar-consent";
import { invalidatePractitioners } from "@/lib/platform/client/queries/practitioners";
import { useHydrated } from "@/lib/platform/client/use-hydrated";
import { formatLongDate } from "@/lib/platform/format/intl";
import { useRouter } from "@/lib/platform/i18n/navigation";
import type { caldavConnectSchema } from "@/lib/scheduling/calendar/calendar.schemas";
import { Badge, Card, ConfirmDialog } from "../ui";
import { useProfile, useSetProfile } from "../session";
import { toastFailure } from "../use-profile-save";

type Practitioner = Answer<"/api/practitioners">["practitioners"][number];
export type OAuthProvider = "google" | "microsoft";
export type CalendarModes = Record<OAuthProvider | "caldav", "real" | "sandbox">;

export function PractitionerCalendar({
  practitioner: p,
  several,
  consentUrls,
  modes,
}: {
  practitioner: Practitioner;
  /** A practice of several: the card is named, and connecting stays on this page for the next one. */
  several: boolean;
  consentUrls: Record<OAuthProvider, string>;
  modes: CalendarModes;
}) {
  const t = useTranslations("CalendarSection");
  const locale = useLocale();
  const router = useRouter();
  const hydrated = useHydrated();
  const qc = useQueryClient();
  const { profile } = useProfile();
  const setProfile = useSetProfile();
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [caldav, setCaldav] = useState(false);
  // Closing the popup is a change of mind, not an error.
  const consentErrorText = { popupBlocked: t("popupBlocked"), denied: t("denied"), failed: t("connectError"), cancelled: null };

  const connected = async () => {
    if (profile) setProfile({ ...profile, hasGoogleOAuth: true });
    await invalidatePractitioners(qc);
    toast.success(t("connected"));
    if (!several) router.push("/dashboard/calendar/connected");
  };
  const connect = useMutation({
    mutationFn: async (provider: OAuthProvider) => {
      const code = await requestCalendarCode(consentUrls[provider]);
      const body = { code, practitionerId: p.id };
      return provider === "google"
        ? ok(api.POST("/api/google-calendar/authorize", { body }))
        : ok(api.POST("/api/microsoft-calendar/authorize", { body }));
    },
    onSuccess: connected,
    onError: (e) => {
      if (e instanceof SessionExpiredError) return;
      if (e instanceof ConsentError) setError(consentErrorText[e.reason]);
      else setError(failureText(e, t("connectError")));
    },
  });
  const disconnect = useMutation({
    mutationFn: () => ok(api.POST("/api/google-calendar/disconnect", { body: { practitionerId: p.id } })),
    onSuccess: async (answer) => {
      if (profile) setProfile({ ...profile, hasGoogleOAuth: answer.hasGoogleOAuth });
      setConfirming(false);
      toast.success(t("disconnected"));
      await invalidatePractitioners(qc);
    },
    onError: (e) => toastFailure(t("disconnectFailed"), e),
  });

  const live = p.calendar && !p.calendar.revokedAt ? p.calendar : null;
  const start = (provider: OAuthProvider) => {
    setError(null);
    connect.mutate(provider);
  };
  return (
    <Card
      title={several ? p.displayName : t("cardTitle")}
      testId="practitioner-calendar"
      actions={
        <Badge tone={live ? "green" : "gray"} testId="calendar-status">
          {live ? t("statusConnected") : t("statusNotConnected")}
        </Badge>
      }
    >
      <div className="space-y-4">
        {live ? (
          <div className="text-slate-700">
            <p data-testid="calendar-provider">{t("connectedText", { provider: t(`providers.${live.provider}`) })}</p>
            {live.accountEmail && <p className="break-all text-sm text-slate-600">{t("account", { account: live.accountEmail })}</p>}
          </div>
        ) : (
          <p className="text-slate-700">{several ? t("notConnectedPractitioner", { name: p.displayName }) : t("notConnectedText")}</p>
        )}
        {p.calendar?.revokedAt && (
          <p role="alert" data-testid="calendar-revoked" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-900">
            {t("revoked", { date: formatLongDate(p.calendar.revokedAt, locale, profile?.timeZone ?? "UTC") })}
          </p>
        )}
        {error && <FormAlert testId="calendar-error">{error}</FormAlert>}
        {live ? (
          <button type="button" className="btn-secondary" onClick={() => setConfirming(true)}>
            {t("disconnect")}
          </button>
        ) : caldav ? (
          <CaldavForm
            practitionerId={p.id}
            sandbox={modes.caldav === "sandbox"}
            onCancel={() => setCaldav(false)}
            onConnected={connected}
          />
        ) : (
          <div className="flex flex-wrap gap-2">
            <button type="button" className="btn-primary" disabled={connect.isPending || !hydrated} onClick={() => start("google")}>
              {connect.isPending && connect.variables === "google" ? t("connecting") : t("connect")}
            </button>
            <button type="button" className="btn-secondary" disabled={connect.isPending || !hydrated} onClick={() => start("microsoft")}>
              {connect.isPending && connect.variables === "microsoft" ? t("connecting") : t("connectMicrosoft")}
            </button>
            <button type="button" className="btn-secondary" disabled={connect.isPending || !hydrated} onClick={() => setCaldav(true)}>
              {t("connectCaldav")}
            </button>
          </div>
        )}
      </div>
      <ConfirmDialog
        open={confirming}
        title={t("disconnectTitle")}
        confirmLabel={t("disconnect")}
        busyLabel={t("disconnecting")}
        onConfirm={() => disconnect.mutateAsync().catch(() => undefined)}
        onClose={() => setConfirming(false)}
      >
        <p>{t("disconnectText")}</p>
      </ConfirmDialog>
    </Card>
  );
}

type CaldavValues = Body<"/api/caldav-calendar/connect", "post">;

/**
 * A CalDAV account: the server's address, the username and an app password, checked by the server before it is kept.
 * Whose: the practitioner given, else the owner (setup's calendar step, which has no query client: hence no mutation).
 */
export function CaldavForm({
  practitionerId,
  sandbox,
  onCancel,
  onConnected,
}: {
  practitionerId?: string;
  sandbox: boolean;
  onCancel: () => void;
  onConnected: () => Promise<void> | void;
}) {
  const t = useTranslations("CalendarSection");
  const errorText = useErrorText();
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const idOf = (field: string) => `caldav-${field}-${practitionerId ?? "owner"}`;
  const form = useForm({
    resolver: lazyZodResolver<typeof caldavConnectSchema>(() =>
      import("@/lib/scheduling/calendar/calendar.schemas").then((m) => m.caldavConnectSchema),
    ),
    defaultValues: { serverUrl: "", username: "", password: "", ...(practitionerId ? { practitionerId } : {}) },
  });
  const save = async (body: CaldavValues) => {
    setPending(true);
    setFailure(null);
    try {
      await ok(api.POST("/api/caldav-calendar/connect", { body }));
      await onConnected();
    } catch (e) {
      setFailure(failureText(e, t("connectError")));
    } finally {
      setPending(false);
    }
  };
  const errors = form.formState.errors;
  return (
    <form
      method="post"
      noValidate
      className="max-w-md space-y-4"
      data-testid="caldav-form"
      aria-label={t("caldav.title")}
      onSubmit={form.handleSubmit(save)}
    >
      <p className="font-semibold text-slate-900">{t("caldav.title")}</p>
      {sandbox && <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-950">{t("caldav.sandbox")}</p>}
      {failure && <FormAlert testId="caldav-error">{failure}</FormAlert>}
      <TextField
        id={idOf("server")}
        label={t("caldav.serverUrl")}
        type="url"
        inputMode="url"
        autoComplete="url"
        placeholder="https://caldav.icloud.com"
        hint={t("caldav.serverUrlHelp")}
        error={errorText("serverUrl", errors.serverUrl)}
        {...form.register("serverUrl")}
      />
      <TextField
        id={idOf("username")}
        label={t("caldav.username")}
        autoComplete="username"
        error={errorText("username", errors.username)}
        {...form.register("username")}
      />
      <TextField
        id={idOf("password")}
        label={t("caldav.password")}
        type="password"
        autoComplete="new-password"
        hint={t("caldav.passwordHelp")}
        error={errorText("password", errors.password)}
        {...form.register("password")}
      />
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn-primary" disabled={pending}>
          {pending ? t("connecting") : t("caldav.submit")}
        </button>
        <button type="button" className="btn-secondary" disabled={pending} onClick={onCancel}>
          {t("caldav.cancel")}
        </button>
      </div>
    </form>
  );
}
