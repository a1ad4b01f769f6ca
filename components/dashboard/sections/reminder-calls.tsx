"use client";
// Reminder calls: the settings (reminder-call-settings.tsx), who is called and when in plain words, then the calls
// placed or planned with what each came to. In the sandbox, a manager can run the sweep's work at once, as if at a
// time of their choosing: the stand-in callee answers by their number's last digit.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useLocale, useTranslations } from "next-intl";
import { useId, useState } from "react";
import { toast } from "sonner";
import { FormAlert, TextField } from "@/components/forms/fields";
import { api, failureText, ok, type Answer } from "@/lib/platform/client/api";
import { invalidateReminderRun, reminderCallSettingsQuery, reminderCallsQuery } from "@/lib/platform/client/queries/reminder-calls";
import { formatDuration } from "@/lib/platform/client/receptionist";
import { formatDateTime } from "@/lib/platform/format/intl";
import { useProfile } from "../session";
import { Badge, Card, LoadError, Loading, SectionHeader } from "../ui";
import { usePhoneFormat } from "../phone";
import { ReminderCallSettingsForm } from "./reminder-call-settings";

type ReminderCall = Answer<"/api/reminder-calls">["calls"][number];

const RULES = ["consent", "optOut", "hours", "retry", "script"] as const;

const TONES: Record<ReminderCall["status"], "green" | "red" | "amber" | "blue" | "gray"> = {
  scheduled: "gray",
  calling: "blue",
  confirmed: "green",
  cancelled: "red",
  rescheduled: "blue",
  answered: "blue",
  voicemail: "amber",
  no_answer: "amber",
  busy: "amber",
  failed: "red",
  skipped: "gray",
};

/**
 * `manages`: the owner or an administrator, who may change the settings (the front desk reads them); `sandbox`: the
 * voice provider is the sandbox's, and the run panel is shown (to managers only, as its route allows).
 */
export function ReminderCalls({ manages, sandbox }: { manages: boolean; sandbox: boolean }) {
  const t = useTranslations("ReminderCallsSection");
  const settings = useQuery(reminderCallSettingsQuery());
  const calls = useQuery(reminderCallsQuery());
  return (
    <>
      <SectionHeader title={t("title")} description={t("description")} />
      <div className="space-y-6">
        <Card title={t("settingsTitle")} testId="reminder-call-settings-card">
          {settings.isPending ? (
            <Loading />
          ) : settings.isError ? (
            <LoadError message={t("loadFailed")} onRetry={() => void settings.refetch()} />
          ) : (
            <ReminderCallSettingsForm settings={settings.data} manages={manages} />
          )}
        </Card>
        <Card title={t("rulesTitle")} testId="reminder-call-rules">
          <ul className="list-disc space-y-2 pl-5 text-slate-700">
            {RULES.map((rule) => (
              <li key={rule}>{t(`rules.${rule}`)}</li>
            ))}
          </ul>
        </Card>
        {sandbox && <SandboxRun />}
        <Card title={t("listTitle")} testId="reminder-call-list">
          {calls.isPending ? (
            <Loading />
          ) : calls.isError ? (
            <LoadError message={t("loadFailed")} onRetry={() => void calls.refetch()} />
          ) : (
            <CallList calls={calls.data.calls} />
          )}
        </Card>
      </div>
    </>
  );
}

function CallList({ calls }: { calls: ReminderCall[] }) {
  const t = useTranslations("ReminderCallsSection");
  const locale = useLocale();
  const formatPhone = usePhoneFormat();
  // The business's clock, as the appointments page shows the same times.
  const timeZone = useProfile().profile?.timeZone ?? undefined;
  const at = (instant: string) => formatDateTime(instant, locale, timeZone);
  if (!calls.length) return <p className="text-slate-600">{t("empty")}</p>;
  return (
    <ul className="divide-y divide-slate-200">
      {calls.map((c) => (
        <li key={c.id} className="flex flex-wrap items-start justify-between gap-2 py-3" data-testid="reminder-call">
          <div className="min-w-0">
            <p className="font-medium text-slate-900">{c.patientName ?? formatPhone(c.phone)}</p>
            {c.patientName && <p className="break-all text-sm text-slate-700">{formatPhone(c.phone)}</p>}
            <p className="text-sm text-slate-600">
              {c.appointmentStartsAt ? t("appointmentAt", { when: at(c.appointmentStartsAt) }) : t("appointmentGone")}
            </p>
            <p className="text-sm text-slate-600">
              {[
                t("attempts", { count: c.attempts }),
                c.durationSeconds !== null ? t("duration", { duration: formatDuration(c.durationSeconds) }) : null,
                c.nextAttemptAt ? t("nextAttempt", { when: at(c.nextAttemptAt) }) : null,
              ]
                .filter(Boolean)
                .join(" · ")}
            </p>
          </div>
          <Badge tone={TONES[c.status]} testId="reminder-call-status">
            {c.status === "skipped" && c.skipReason ? t(`skipped.${c.skipReason}`) : t(`status.${c.status}`)}
          </Badge>
        </li>
      ))}
    </ul>
  );
}

const pad = (n: number) => String(n).padStart(2, "0");

/**
 * A datetime-local value ("2026-03-10T10:00") as the instant it names on this browser's clock, with its offset
 * ("2026-03-10T10:00:00+01:00"): the route wants an offset, and the owner means their own wall clock. Written from the
 * Date rather than the typed text, so a time in a spring-forward gap is the instant the browser moved it to.
 */
function instantOnThisClock(local: string): string {
  const d = new Date(local);
  if (Number.isNaN(d.getTime())) return local;
  const offset = -d.getTimezoneOffset();
  const abs = Math.abs(offset);
  const day = `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  return `${day}T${pad(d.getHours())}:${pad(d.getMinutes())}:00${offset < 0 ? "-" : "+"}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** Sandbox only: the calls due now, or as if it were the time typed, placed at once rather than at the sweep's next run. */
function SandboxRun() {
  const t = useTranslations("ReminderCallsSection");
  const qc = useQueryClient();
  const id = useId();
  const [local, setLocal] = useState("");
  const [failure, setFailure] = useState<string | null>(null);
  const run = useMutation({
    mutationFn: (at: string | null) => ok(api.POST("/api/sandbox/reminder-calls/run", { body: at ? { at } : {} })),
    onSuccess: (res) => {
      setFailure(null);
      toast.success(t("placed", { count: res.placed }));
      return invalidateReminderRun(qc);
    },
    onError: (e) => setFailure(failureText(e, t("runFailed"))),
  });
  return (
    <Card title={t("sandboxTitle")} testId="reminder-call-sandbox">
      <form
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          run.mutate(local ? instantOnThisClock(local) : null);
        }}
      >
        <p className="text-sm text-slate-700">{t("sandboxHint")}</p>
        {failure && <FormAlert testId="reminder-call-run-error">{failure}</FormAlert>}
        <div className="max-w-xs">
          <TextField id={id} type="datetime-local" label={t("sandboxAt")} value={local} onChange={(e) => setLocal(e.target.value)} />
        </div>
        <button type="submit" className="btn-secondary" disabled={run.isPending}>
          {run.isPending ? t("sandboxRunning") : t("sandboxRun")}
        </button>
      </form>
    </Card>
  );
}
