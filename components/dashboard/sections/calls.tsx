"use client";
// The calls the assistant answered, newest first: who called, when (the business's clock), how long, what came of it.
// Each row opens the call's detail page (transcript, recording, messages, appointments). Calls kept out of the numbers
// (a blocked caller, spam, nothing said) are listed apart; the page shows the blocklist after them (blocked-numbers.tsx).
import { useQuery } from "@tanstack/react-query";
import { useLocale, useTranslations } from "next-intl";
import { api, ok, type Answer } from "@/lib/platform/client/api";
import { callKeys } from "@/lib/platform/client/queries/calls";
import { privacyQuery } from "@/lib/platform/client/queries/privacy";
import { formatDuration } from "@/lib/platform/client/receptionist";
import { formatDateTime, formatLongDate } from "@/lib/platform/format/intl";
import { Link } from "@/lib/platform/i18n/navigation";
import { Badge, Card, LoadError, Loading, SectionHeader } from "../ui";
import { usePhoneFormat } from "../phone";
import { useProfile } from "../session";

type CallView = Answer<"/api/calls">["calls"][number];

const OUTCOME_TONES = { booked: "green", rescheduled: "blue", cancelled: "red", message: "amber", no_action: "gray" } as const;

export function OutcomeBadge({ outcome }: { outcome: CallView["outcome"] }) {
  const t = useTranslations("CallsSection");
  return (
    <Badge tone={OUTCOME_TONES[outcome] ?? "gray"} testId="call-outcome">
      {t.has(`outcomes.${outcome}`) ? t(`outcomes.${outcome}`) : outcome}
    </Badge>
  );
}

/** A call still under way (or one the provider failed) says so; an ended call needs no status badge. */
export function CallStatusBadge({ status }: { status: string }) {
  const t = useTranslations("CallsSection");
  if (status === "ended") return null;
  return <Badge tone={status === "failed" ? "red" : "blue"}>{t.has(`statuses.${status}`) ? t(`statuses.${status}`) : status}</Badge>;
}

/** Why a call is kept out of the numbers (a blocked caller, spam, nothing said). */
export function ScreeningBadge({ screening }: { screening: NonNullable<CallView["screening"]> }) {
  const t = useTranslations("CallsSection");
  return (
    <Badge tone="gray" testId="call-screening">
      {t(`screenings.${screening}`)}
    </Badge>
  );
}

export function SandboxCallBadge() {
  const t = useTranslations("CallsSection");
  return (
    <Badge tone="amber" testId="call-sandbox">
      {t("sandbox")}
    </Badge>
  );
}

/** When and how long: the parts the call has, a separator only between two of them. */
function CallWhen({ call, timeZone }: { call: Pick<CallView, "startedAt" | "durationSeconds">; timeZone?: string }) {
  const t = useTranslations("CallsSection");
  const locale = useLocale();
  const parts = [
    call.startedAt && (
      <time key="when" dateTime={call.startedAt}>
        {formatDateTime(call.startedAt, locale, timeZone)}
      </time>
    ),
    call.durationSeconds !== null && (
      <span key="duration">
        <span className="sr-only">{t("durationLabel")} </span>
        <span data-testid="call-duration">{formatDuration(call.durationSeconds)}</span>
      </span>
    ),
  ].filter(Boolean);
  if (parts.length === 0) return null;
  return (
    <p className="text-sm text-slate-700" data-testid="call-when">
      {parts.flatMap((part, i) => (i === 0 ? [part] : [" · ", part]))}
    </p>
  );
}

/** When the retention job removes (or removed) the call's transcript, summary and recording. */
export function RetentionNote({ call, timeZone }: { call: Pick<CallView, "contentPurgeAt" | "contentPurgedAt">; timeZone?: string }) {
  const t = useTranslations("CallsSection");
  const locale = useLocale();
  const at = call.contentPurgedAt ?? call.contentPurgeAt;
  if (!at) return null;
  const date = <time dateTime={at}>{formatLongDate(at, locale, timeZone)}</time>;
  return (
    <p className="mt-1 text-xs text-slate-600" data-testid="call-retention">
      {call.contentPurgedAt ? t.rich("contentPurgedOn", { date: () => date }) : t.rich("contentKeptUntil", { date: () => date })}
    </p>
  );
}

/** How long every call's transcript, summary and recording are kept: said once for the page, not on every row. */
function RetentionPeriod() {
  const t = useTranslations("CallsSection");
  const query = useQuery(privacyQuery());
  if (!query.data) return null;
  return (
    <p className="mb-3 text-sm text-slate-600" data-testid="calls-retention">
      {t.rich("retentionPeriod", {
        days: query.data.retentionDays,
        link: (chunks) => (
          <Link href="/dashboard/privacy" className="font-semibold text-indigo-800 underline">
            {chunks}
          </Link>
        ),
      })}
    </p>
  );
}

export function Calls() {
  const t = useTranslations("CallsSection");
  const query = useQuery({ queryKey: callKeys.list(), queryFn: () => ok(api.GET("/api/calls")) });
  return (
    <>
      <SectionHeader title={t("title")} description={t("description")} />
      {query.isPending ? (
        <Loading />
      ) : query.isError ? (
        <LoadError message={t("loadFailed")} onRetry={() => query.refetch()} />
      ) : query.data.calls.length === 0 ? (
        <Card testId="calls-empty">
          <p className="font-medium text-slate-900">{t("emptyTitle")}</p>
          <p className="mt-1 text-slate-600">{t("emptyText")}</p>
          <p className="mt-3">
            <Link href="/dashboard/try" className="font-semibold text-indigo-800 underline">
              {t("tryIt")}
            </Link>
          </p>
        </Card>
      ) : (
        <>
          <RetentionPeriod />
          <Card>
            {query.data.calls.some((c) => !c.screening) ? (
              <CallList calls={query.data.calls.filter((c) => !c.screening)} />
            ) : (
              <p className="text-slate-600">{t("onlyScreened")}</p>
            )}
          </Card>
          {query.data.calls.some((c) => c.screening) && (
            <Card title={t("screenedTitle")} testId="calls-screened">
              <p className="mb-2 text-sm text-slate-600">{t("screenedText")}</p>
              <CallList calls={query.data.calls.filter((c) => c.screening)} />
            </Card>
          )}
        </>
      )}
    </>
  );
}

/** The calls as rows: the caller (a link to the call), its badges, when and how long, the summary. */
function CallList({ calls }: { calls: CallView[] }) {
  const t = useTranslations("CallsSection");
  const { profile } = useProfile();
  const formatPhone = usePhoneFormat();
  return (
    <ul className="divide-y divide-slate-100">
      {calls.map((c) => (
        // The caller's link stretches over the whole row: one tab stop per call, named by the caller.
        <li key={c.id} className="relative rounded-lg py-3 hover:bg-slate-50" data-testid="call">
          {/* The caller and the badges share the first line, whatever the width: the badges have one place. */}
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <p className="min-w-0 font-semibold text-slate-900">
              <Link
                href={`/dashboard/calls/${encodeURIComponent(c.id)}`}
                className="rounded after:absolute after:inset-0 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-700"
              >
                {c.fromNumber ? formatPhone(c.fromNumber) : t("unknownCaller")}
                <span className="sr-only"> {t("viewDetails")}</span>
              </Link>
            </p>
            <div className="flex flex-wrap items-center gap-2" data-testid="call-badges">
              {c.sandbox && <SandboxCallBadge />}
              {c.screening && <ScreeningBadge screening={c.screening} />}
              <CallStatusBadge status={c.status} />
              <OutcomeBadge outcome={c.outcome} />
            </div>
          </div>
          <CallWhen call={c} timeZone={profile?.timeZone} />
          {c.summary && <p className="mt-1 line-clamp-2 text-sm text-slate-600">{c.summary}</p>}
        </li>
      ))}
    </ul>
  );
}
