"use client";
// Calendar: connection status, connect (popup code flow), disconnect with confirmation, integration notes.
// Connected or not is the profile's hasGoogleOAuth; a 200 from disconnect marks it not connected.
import { useMutation, useQuery } from "@tanstack/react-query";
import { useLocale, useTranslations } from "next-intl";
import { useState } from "react";
import { toast } from "sonner";
import { FormAlert } from "@/components/forms/fields";
import { ApiError, api, ok, failureText, SessionExpiredError } from "@/lib/platform/client/api";
import { ConsentError, requestCalendarCode } from "@/lib/platform/client/calendar-consent";
import { useHydrated } from "@/lib/platform/client/use-hydrated";
import { formatDateTime, formatLongDate, formatTime } from "@/lib/platform/format/intl";
import { useRouter } from "@/lib/platform/i18n/navigation";
import { Badge, Card, ConfirmDialog, LoadError, Loading, SectionHeader, StaleNotice } from "../ui";
import { useProfile, useSetProfile } from "../session";
import { toastFailure } from "../use-profile-save";

export function Calendar({ consentUrl, sandbox }: { consentUrl: string; sandbox: boolean }) {
  const t = useTranslations("CalendarSection");
  const locale = useLocale();
  const router = useRouter();
  const hydrated = useHydrated();
  const { profile, failed } = useProfile();
  const setProfile = useSetProfile();
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  // Closing the popup is a change of mind, not an error.
  const consentErrorText = { popupBlocked: t("popupBlocked"), denied: t("denied"), failed: t("connectError"), cancelled: null };

  const connect = useMutation({
    mutationFn: async () => {
      const code = await requestCalendarCode(consentUrl);
      return ok(api.POST("/api/google-calendar/authorize", { body: { code } }));
    },
    onSuccess: () => {
      if (profile) setProfile({ ...profile, hasGoogleOAuth: true });
      toast.success(t("connected"));
      router.push("/dashboard/calendar/connected");
    },
    onError: (e) => {
      if (e instanceof SessionExpiredError) return;
      if (e instanceof ConsentError) setError(consentErrorText[e.reason]);
      else setError(failureText(e, t("connectError")));
    },
  });
  const disconnect = useMutation({
    mutationFn: () => ok(api.POST("/api/google-calendar/disconnect")),
    onSuccess: () => {
      if (profile) setProfile({ ...profile, hasGoogleOAuth: false });
      setConfirming(false);
      toast.success(t("disconnected"));
    },
    onError: (e) => toastFailure(t("disconnectFailed"), e),
  });

  if (!profile) return null;
  const connected = profile.hasGoogleOAuth;
  return (
    <>
      <SectionHeader title={t("title")} description={t("description")} />
      {failed && <StaleNotice message={t("loadFailed")} />}
      <div className="space-y-6">
        <Card
          title={t("cardTitle")}
          actions={
            <Badge tone={connected ? "green" : "gray"} testId="calendar-status">
              {connected ? t("statusConnected") : t("statusNotConnected")}
            </Badge>
          }
        >
          <div className="space-y-4">
            <p className="text-slate-700">{connected ? t("connectedText") : t("notConnectedText")}</p>
            {!connected && profile.calendarRevokedAt && (
              <p role="alert" data-testid="calendar-revoked" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-900">
                {t("revoked", { date: formatLongDate(profile.calendarRevokedAt, locale, profile.timeZone) })}
              </p>
            )}
            {sandbox && <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-950">{t("sandboxNote")}</p>}
            {error && <FormAlert testId="calendar-error">{error}</FormAlert>}
            {connected ? (
              <button type="button" className="btn-secondary" onClick={() => setConfirming(true)}>
                {t("disconnect")}
              </button>
            ) : (
              <button
                type="button"
                className="btn-primary"
                disabled={connect.isPending || !hydrated}
                onClick={() => {
                  setError(null);
                  connect.mutate();
                }}
              >
                {connect.isPending ? t("connecting") : t("connect")}
              </button>
            )}
          </div>
        </Card>
        {sandbox && connected && <SandboxEvents />}
        <Card title={t("notesTitle")}>
          <ul className="list-disc space-y-2 pl-5 text-slate-700">
            {(["availability", "booking", "privacy", "revoke"] as const).map((k) => (
              <li key={k}>{t(`notes.${k}`)}</li>
            ))}
          </ul>
        </Card>
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
    </>
  );
}

/**
 * The sandbox calendar's upcoming events: what a connected Google Calendar would show, so the owner can see the
 * assistant's bookings land. The API answers 404 when the calendar is a real Google one: then there is no list.
 */
function SandboxEvents() {
  const t = useTranslations("CalendarSection");
  const locale = useLocale();
  const query = useQuery({ queryKey: ["calendar-events"], queryFn: () => ok(api.GET("/api/calendar/events")) });
  if (query.isError && query.error instanceof ApiError && query.error.status === 404) return null;
  return (
    <Card title={t("sandboxEventsTitle")} testId="sandbox-calendar">
      <p className="mb-3 text-sm text-slate-600">{t("sandboxEventsText")}</p>
      {query.isPending ? (
        <Loading />
      ) : query.isError ? (
        <LoadError message={t("sandboxEventsFailed")} onRetry={() => query.refetch()} />
      ) : query.data.events.length === 0 ? (
        <p className="text-slate-600">{t("sandboxEventsEmpty")}</p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {query.data.events.map((e) => (
            <li key={e.eventId} className="py-3" data-testid="sandbox-event">
              <p className="font-semibold text-slate-900">{e.summary}</p>
              <p className="text-sm text-slate-700">
                <time dateTime={e.start}>{formatDateTime(e.start, locale, query.data.timeZone)}</time>
                {" – "}
                <time dateTime={e.end}>{formatTime(e.end, locale, query.data.timeZone)}</time>
              </p>
              {e.attendeeEmail && <p className="break-all text-sm text-slate-600">{t("attendee", { email: e.attendeeEmail })}</p>}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/** The connection-success page: the good news, then the next step (the phone number, or the appointments). */
export function CalendarConnected({ next }: { next: "phoneNumber" | "appointments" }) {
  const t = useTranslations("CalendarSection");
  return (
    <Card>
      <h1 className="text-2xl font-bold text-emerald-900" data-testid="calendar-connected">
        {t("connected")}
      </h1>
      <p className="mt-2 text-slate-700" data-testid="calendar-next">
        {t(next === "phoneNumber" ? "connectedNextNumber" : "connectedNext")}
      </p>
    </Card>
  );
}
