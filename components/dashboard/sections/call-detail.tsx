"use client";
// One call: who called (and how far the carrier vouched for the caller ID), what was said (the transcript as a
// dialogue), the recording when the provider kept one, the messages the assistant took and the appointments it booked,
// moved or cancelled. Another owner's call and an unknown id are the same "not found" (the API answers 404 for both).
import { useQuery } from "@tanstack/react-query";
import { useLocale, useTranslations } from "next-intl";
import { ApiError, api, ok, type Answer } from "@/lib/platform/client/api";
import { callKeys } from "@/lib/platform/client/queries/calls";
import { formatDuration, httpUrl } from "@/lib/platform/client/receptionist";
import { parseTranscript } from "@/lib/platform/shared/transcript";
import { formatDateTime } from "@/lib/platform/format/intl";
import { Link } from "@/lib/platform/i18n/navigation";
import { Badge, Card, Details, LoadError, Loading, SectionHeader } from "../ui";
import { PhoneLink, usePhoneFormat } from "../phone";
import { useProfile } from "../session";
import { BlockCallerButton } from "./block-caller";
import { CallStatusBadge, OutcomeBadge, RetentionNote, SandboxCallBadge, ScreeningBadge } from "./calls";

type Call = Answer<"/api/calls/{id}">;

// A: the caller's carrier vouches for the caller and the number; B: for the caller, not that the number is theirs;
// C: only that the call came through it (a gateway), the least trust.
const ATTESTATION_TONES = { A: "green", B: "amber", C: "gray" } as const;

/** The caller ID's STIR/SHAKEN attestation, when the carrier gave one: how far the number shown can be trusted. */
function CallerIdCheck({ call }: { call: Pick<Call, "callerAttestation" | "callerVerified"> }) {
  const t = useTranslations("CallDetail");
  const level = call.callerAttestation;
  if (!level) return null;
  // A signature the carrier could not verify vouches for nothing, whatever level it claims.
  if (call.callerVerified === false) {
    return (
      <Badge tone="red" testId="caller-attestation">
        {t("attestation.unverified", { level })}
      </Badge>
    );
  }
  return (
    <Badge tone={ATTESTATION_TONES[level]} testId="caller-attestation">
      {t(`attestation.${level}`)}
    </Badge>
  );
}

function BackLink() {
  const t = useTranslations("CallDetail");
  return (
    <Link
      href="/dashboard/calls"
      className="mb-4 inline-flex min-h-11 items-center gap-1 rounded font-semibold text-indigo-800 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-700"
      data-testid="back-to-calls"
    >
      <span aria-hidden="true">←</span> {t("back")}
    </Link>
  );
}

/** `canBlock`: the blocklist is the front desk's and the managers' (a practitioner member reads their calls only). */
export function CallDetail({ id, canBlock = true }: { id: string; canBlock?: boolean }) {
  const t = useTranslations("CallDetail");
  const calls = useTranslations("CallsSection");
  const locale = useLocale();
  const { profile } = useProfile();
  const formatPhone = usePhoneFormat();
  const timeZone = profile?.timeZone;
  const query = useQuery({
    queryKey: callKeys.detail(id),
    queryFn: () => ok(api.GET("/api/calls/{id}", { params: { path: { id: encodeURIComponent(id) } } })),
  });

  if (query.isPending) {
    return (
      <>
        <BackLink />
        <Loading />
      </>
    );
  }
  if (query.isError) {
    // A malformed id is as unknown as a missing one.
    const missing = query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400);
    return (
      <>
        <BackLink />
        {missing ? (
          <Card testId="call-not-found">
            <h1 className="text-2xl font-bold tracking-tight text-slate-900">{t("notFoundTitle")}</h1>
            <p className="mt-2 text-slate-700">{t("notFoundText")}</p>
          </Card>
        ) : (
          <>
            <SectionHeader title={t("title")} />
            <LoadError message={t("loadFailed")} onRetry={() => query.refetch()} />
          </>
        )}
      </>
    );
  }

  const call = query.data;
  const caller = call.fromNumber ? formatPhone(call.fromNumber) : calls("unknownCaller");
  const recording = httpUrl(call.recordingUrl);
  const transcript = call.transcript ? parseTranscript(call.transcript) : [];
  return (
    <>
      <BackLink />
      <SectionHeader
        title={t("heading", { caller })}
        description={call.startedAt ? <time dateTime={call.startedAt}>{formatDateTime(call.startedAt, locale, timeZone)}</time> : undefined}
        actions={
          <div className="flex flex-wrap items-center gap-2">
            {call.sandbox && <SandboxCallBadge />}
            {call.screening && <ScreeningBadge screening={call.screening} />}
            <CallStatusBadge status={call.status} />
            <OutcomeBadge outcome={call.outcome} />
            {canBlock && call.fromNumber && <BlockCallerButton phone={call.fromNumber} />}
          </div>
        }
      />
      <div className="space-y-6">
        <Card title={t("summaryTitle")} testId="call-summary">
          <p className="mb-2 whitespace-pre-wrap text-slate-800">
            {call.summary || <span className="text-slate-600">{t("noSummary")}</span>}
          </p>
          <Details
            rows={[
              {
                label: t("caller"),
                value: (
                  <span className="flex flex-wrap items-center gap-2">
                    {call.fromNumber ? <PhoneLink value={call.fromNumber} /> : caller}
                    <CallerIdCheck call={call} />
                  </span>
                ),
              },
              { label: t("line"), value: formatPhone(call.toNumber) },
              { label: t("duration"), value: call.durationSeconds === null ? null : formatDuration(call.durationSeconds) },
              { label: t("outcome"), value: <OutcomeBadge outcome={call.outcome} /> },
            ]}
          />
        </Card>

        <Card title={t("transcriptTitle")} testId="call-transcript">
          <div className="mb-3">
            <RetentionNote call={call} timeZone={timeZone} />
          </div>
          {transcript.length === 0 ? (
            <p className="text-slate-600">{t("noTranscript")}</p>
          ) : (
            <ol className="space-y-3">
              {transcript.map((line, i) => (
                <li
                  key={i}
                  className={`flex ${line.speaker === "caller" ? "justify-end" : "justify-start"}`}
                  data-testid="transcript-line"
                  data-speaker={line.speaker ?? "unknown"}
                >
                  <div
                    className={`max-w-[85%] rounded-2xl px-4 py-2 ${line.speaker === "caller" ? "bg-indigo-700 text-white" : "bg-slate-100 text-slate-900"}`}
                  >
                    {line.speaker && (
                      <p className={`text-xs font-semibold ${line.speaker === "caller" ? "text-indigo-100" : "text-slate-700"}`}>
                        {line.speaker === "caller" ? t("callerSpeaker") : t("receptionistSpeaker")}
                        <span className="sr-only">:</span>
                      </p>
                    )}
                    <p className="whitespace-pre-wrap break-words">{line.text}</p>
                  </div>
                </li>
              ))}
            </ol>
          )}
        </Card>

        {recording && (
          <Card title={t("recordingTitle")} testId="call-recording">
            <audio controls preload="none" src={recording} className="w-full">
              <a href={recording}>{t("downloadRecording")}</a>
            </audio>
          </Card>
        )}

        <Card title={t("messagesTitle")} testId="call-messages">
          {call.messages.length === 0 ? (
            <p className="text-slate-600">{t("noMessages")}</p>
          ) : (
            <ul className="divide-y divide-slate-100">
              {call.messages.map((m) => {
                // A number to call back on that is not the one that called (shown above as the caller): named as such.
                const callBack = m.callerPhone && m.callerPhone !== call.fromNumber ? m.callerPhone : null;
                return (
                  <li key={m.id} className="py-3">
                    <p className="font-semibold text-slate-900">
                      {[m.callerName, !callBack && formatPhone(m.callerPhone)].filter(Boolean).join(" · ") || calls("unknownCaller")}
                    </p>
                    {callBack && (
                      <p className="text-sm text-slate-700" data-testid="call-message-call-back">
                        {t("callBack", { phone: formatPhone(callBack) })}
                      </p>
                    )}
                    <p className="text-sm text-slate-600">
                      <time dateTime={m.createdAt}>{formatDateTime(m.createdAt, locale, timeZone)}</time>
                    </p>
                    <p className="mt-1 whitespace-pre-wrap break-words text-slate-800">{m.body}</p>
                  </li>
                );
              })}
            </ul>
          )}
        </Card>

        <Card
          title={t("appointmentsTitle")}
          testId="call-appointments"
          actions={
            call.appointments.length > 0 && (
              <Link href="/dashboard/appointments" className="btn-secondary">
                {t("openAppointments")}
              </Link>
            )
          }
        >
          {call.appointments.length === 0 ? (
            <p className="text-slate-600">{t("noAppointments")}</p>
          ) : (
            <ul className="divide-y divide-slate-100">
              {call.appointments.map((a) => (
                <li key={a.id} className="flex flex-wrap items-start justify-between gap-3 py-3">
                  <div>
                    <p className="font-semibold text-slate-900">{a.patientName}</p>
                    {a.callerName && <p className="text-sm text-slate-700">{t("bookedBy", { name: a.callerName })}</p>}
                    <p className="text-sm text-slate-700">
                      <time dateTime={a.startsAt}>{formatDateTime(a.startsAt, locale, timeZone)}</time>
                      {(a.service || a.reason) && (
                        <>
                          , <span data-testid="call-appointment-purpose">{a.service || a.reason}</span>
                        </>
                      )}
                    </p>
                    {/* Confirmed to another number than the one that called: named, beside the caller's above. */}
                    {a.patientPhone && a.patientPhone !== call.fromNumber && (
                      <p className="text-sm text-slate-700" data-testid="call-appointment-confirmations-to">
                        {t("confirmationsTo", { phone: formatPhone(a.patientPhone) })}
                      </p>
                    )}
                  </div>
                  <Badge tone={a.status === "cancelled" ? "red" : a.confirmedAt ? "green" : "gray"} testId="call-appointment-status">
                    {a.status === "booked" || a.status === "cancelled"
                      ? t(
                          `appointmentStatus.${a.status === "booked" && a.confirmedAt ? (a.confirmedBy === "phone" ? "confirmedByPhone" : "confirmed") : a.status}`,
                        )
                      : a.status}
                  </Badge>
                </li>
              ))}
            </ul>
          )}
        </Card>
      </div>
    </>
  );
}
