"use client";
// Everything the assistant sent, or would have sent, on the owner's behalf: confirmations and reminders to callers,
// notes to the owner. On a sandbox channel nothing left this server, and the page says so, because the point of the
// list is to show exactly what a caller would have received.
import { useQuery } from "@tanstack/react-query";
import { useLocale, useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { api, ok } from "@/lib/platform/client/api";
import { outboxKeys } from "@/lib/platform/client/queries/outbox";
import { httpUrl, type OutboxChannel, type OutboxMessage } from "@/lib/platform/client/receptionist";
import { formatDateTime } from "@/lib/platform/format/intl";
import { Badge, Card, LoadError, Loading, SectionHeader } from "../ui";
import { usePhoneFormat } from "../phone";
import { useProfile } from "../session";

export const CHANNELS: OutboxChannel[] = ["email", "sms", "whatsapp"];
// A background job sends within seconds of a booking: while something is still queued, look again shortly.
export const QUEUED_REFRESH_MS = 3000;
const STATUS_TONES = { queued: "amber", sent: "green", failed: "red" } as const;

const ICONS: Record<OutboxChannel, ReactNode> = {
  email: <path d="M4 6h16v12H4zM4 7l8 6 8-6" />,
  sms: <path d="M4 5h16v11H9l-5 4z" />,
  whatsapp: (
    <path d="M12 3a9 9 0 0 0-7.8 13.5L3 21l4.6-1.2A9 9 0 1 0 12 3zM9 8.5c0 3.5 3 6.5 6.5 6.5l1-1.5-2-1-1 1c-1.2-.5-2.5-1.8-3-3l1-1-1-2z" />
  ),
};

function ChannelIcon({ channel }: { channel: OutboxChannel }) {
  return (
    <svg
      aria-hidden="true"
      width="20"
      height="20"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinejoin="round"
      className="shrink-0 text-indigo-700"
    >
      {ICONS[channel]}
    </svg>
  );
}

export function Outbox() {
  const t = useTranslations("OutboxSection");
  const query = useQuery({
    queryKey: outboxKeys.all,
    queryFn: () => ok(api.GET("/api/outbox")),
    refetchInterval: (q) => (q.state.data?.messages.some((m) => m.status === "queued") ? QUEUED_REFRESH_MS : false),
  });
  const sandboxed = query.data ? CHANNELS.filter((c) => query.data.sandbox[c]) : [];
  return (
    <>
      <SectionHeader
        title={t("title")}
        description={t("description")}
        actions={
          <button type="button" className="btn-secondary" onClick={() => query.refetch()}>
            {t("refresh")}
          </button>
        }
      />
      {sandboxed.length > 0 && (
        <div
          role="note"
          data-testid="outbox-sandbox-banner"
          className="mb-6 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950"
        >
          <p className="font-semibold">{t("sandboxBanner")}</p>
          <p className="mt-1 text-sm">{t("sandboxChannels", { channels: sandboxed.map((c) => t(`channels.${c}`)).join(", ") })}</p>
        </div>
      )}
      {query.isPending ? (
        <Loading />
      ) : query.isError ? (
        <LoadError message={t("loadFailed")} onRetry={() => query.refetch()} />
      ) : query.data.messages.length === 0 ? (
        <Card testId="outbox-empty">
          <p className="font-medium text-slate-900">{t("emptyTitle")}</p>
          <p className="mt-1 text-slate-600">{t("emptyText")}</p>
        </Card>
      ) : (
        <Card>
          <ul className="divide-y divide-slate-100">
            {query.data.messages.map((m) => (
              <OutboxItem key={m.id} message={m} />
            ))}
          </ul>
        </Card>
      )}
    </>
  );
}

function firstLine(body: string): string {
  return (
    body
      .split(/\r?\n/)
      .find((l) => l.trim())
      ?.trim() ?? ""
  );
}

/**
 * One badge per message. A message the sandbox delivered reached no one: it says "Sandbox — not sent", never "Sent".
 * Queued and failed read the same on either kind of channel.
 */
function OutboxStatus({ message: m }: { message: OutboxMessage }) {
  const t = useTranslations("OutboxSection");
  if (m.provider === "sandbox" && m.status === "sent")
    return (
      <Badge tone="amber" testId="outbox-status">
        {t("sandbox")}
      </Badge>
    );
  return (
    <Badge tone={STATUS_TONES[m.status] ?? "gray"} testId="outbox-status">
      {t.has(`statuses.${m.status}`) ? t(`statuses.${m.status}`) : m.status}
    </Badge>
  );
}

/** One message as its recipient got it; `from` names the account it was sent for, where the reader sees every account's (the admin's outbox). */
export function OutboxItem({ message: m, from }: { message: OutboxMessage; from?: ReactNode }) {
  const t = useTranslations("OutboxSection");
  const locale = useLocale();
  const { profile } = useProfile();
  const formatPhone = usePhoneFormat();
  const when = m.sentAt ?? m.createdAt;
  const links = m.links.map(httpUrl).filter((l): l is string => l !== null);
  return (
    <li className="py-4" data-testid="outbox-message" data-channel={m.channel} data-status={m.status}>
      <div className="flex min-w-0 items-start gap-3">
        <ChannelIcon channel={m.channel} />
        <div className="min-w-0 flex-1">
          {/* The badge sits right after the channel's name on every row, whatever the recipient's length. */}
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <p className="text-sm font-semibold text-indigo-800" data-testid="outbox-channel">
              {t(`channels.${m.channel}`)}
            </p>
            <OutboxStatus message={m} />
          </div>
          {from}
          {/* An address breaks only where it must, anywhere in it; words in the text break between words, hyphenated. */}
          <p className="text-slate-900 [overflow-wrap:anywhere]" data-testid="outbox-recipient">
            {t("to", { recipient: m.channel === "email" ? m.recipient : formatPhone(m.recipient) })}
          </p>
          {/* The message's own words, in the language it was sent in (an admin reads every account's): not the page's
              text to localize, hence translate="no". */}
          <p translate="no" className="mt-1 line-clamp-2 break-words font-medium text-slate-900 hyphens-auto" data-testid="outbox-subject">
            {m.subject || firstLine(m.body)}
          </p>
          <p className="text-sm text-slate-600">
            <time dateTime={when}>{formatDateTime(when, locale, profile?.timeZone)}</time>
          </p>
        </div>
      </div>
      {m.status === "failed" && m.error && (
        <p className="mt-2 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-900">{t("failedReason", { error: m.error })}</p>
      )}
      <details className="mt-2 pl-8">
        <summary className="inline-flex min-h-11 cursor-pointer items-center rounded font-semibold text-indigo-800 focus-visible:outline-2 focus-visible:outline-indigo-700">
          {t("showMessage")}
        </summary>
        <div className="mt-2 space-y-3 rounded-lg border border-slate-200 bg-slate-50 p-4">
          <p translate="no" className="whitespace-pre-wrap break-words text-slate-900 hyphens-auto" data-testid="outbox-body">
            {m.body}
          </p>
          {m.code && (
            <p role="note" className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-950" data-testid="outbox-code">
              {t("sandboxCode", { code: m.code })}
            </p>
          )}
          {links.length > 0 && (
            <div>
              <p className="text-sm font-semibold text-slate-700">{t("links")}</p>
              <ul className="mt-1 space-y-1">
                {links.map((l) => (
                  <li key={l}>
                    <a href={l} target="_blank" rel="noopener noreferrer" className="text-indigo-800 underline [overflow-wrap:anywhere]">
                      {l}
                    </a>
                  </li>
                ))}
              </ul>
            </div>
          )}
          {m.attachments.length > 0 && (
            <div>
              <p className="text-sm font-semibold text-slate-700">{t("attachments")}</p>
              <ul className="mt-1 space-y-1">
                {m.attachments.map((a) => (
                  <li key={a.filename} className="break-all text-slate-900">
                    {a.filename} <span className="text-sm text-slate-600">({a.contentType.split(";")[0]})</span>
                  </li>
                ))}
              </ul>
            </div>
          )}
        </div>
      </details>
    </li>
  );
}
