"use client";
// The admin's sandbox outbox: every message the sandbox delivered in place of SMTP or Telnyx, for every account. With
// no real provider, this is where an admin reads what an account "received" (a confirmation, a link). Each message
// reads as in the owner's outbox (the same item); the search and the channel filter run on the server.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { api, ok } from "@/lib/platform/client/api";
import { adminKeys } from "@/lib/platform/client/queries/admin";
import type { OutboxChannel } from "@/lib/platform/client/receptionist";
import { CHANNELS, OutboxItem, QUEUED_REFRESH_MS } from "../sections/outbox";
import { Card, LoadError, Loading, SectionHeader } from "../ui";

// The server answers at most this many, newest first (OUTBOX_LIMIT).
const LIMIT = 200;
// One request once the admin pauses typing, not one per key.
const SEARCH_DELAY_MS = 300;

function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

export function AdminOutbox() {
  const t = useTranslations("AdminOutbox");
  const outbox = useTranslations("OutboxSection");
  const [search, setSearch] = useState("");
  const [channel, setChannel] = useState<OutboxChannel | "">("");
  const q = useSettled(search.trim(), SEARCH_DELAY_MS);
  const query = useQuery({
    queryKey: adminKeys.outbox(q, channel),
    queryFn: () => ok(api.GET("/api/admin/outbox", { params: { query: { q: q || undefined, channel: channel || undefined } } })),
    // The previous list stays while a new search loads: no flash of the spinner at each pause in typing.
    placeholderData: keepPreviousData,
    refetchInterval: (state) => (state.state.data?.messages.some((m) => m.status === "queued") ? QUEUED_REFRESH_MS : false),
  });
  const filtered = q !== "" || channel !== "";
  const sandboxed = query.data ? CHANNELS.filter((c) => query.data.sandbox[c]) : [];
  const messages = query.data?.messages ?? [];

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
      {query.data &&
        (sandboxed.length > 0 ? (
          <div
            role="note"
            data-testid="admin-outbox-sandbox"
            className="mb-6 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950"
          >
            <p className="font-semibold">{t("sandboxTitle")}</p>
            <p className="mt-1 text-sm">{t("sandboxText")}</p>
            <p className="mt-1 text-sm">{t("sandboxChannels", { channels: sandboxed.map((c) => outbox(`channels.${c}`)).join(", ") })}</p>
          </div>
        ) : (
          <div role="note" data-testid="admin-outbox-real" className="mb-6 rounded-xl border border-slate-300 bg-white p-4 text-slate-800">
            <p className="font-semibold text-slate-900">{t("realTitle")}</p>
            <p className="mt-1 text-sm">{t("realText")}</p>
          </div>
        ))}
      <form
        role="search"
        aria-label={t("filters")}
        className="mb-2 grid gap-4 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]"
        onSubmit={(e) => e.preventDefault()}
      >
        <div>
          <label htmlFor="outbox-search" className="field-label">
            {t("search")}
          </label>
          <input
            id="outbox-search"
            type="search"
            className="field-input"
            placeholder={t("searchPlaceholder")}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        </div>
        <div>
          <label htmlFor="outbox-channel" className="field-label">
            {t("channel")}
          </label>
          <select
            id="outbox-channel"
            className="field-input"
            value={channel}
            onChange={(e) => setChannel(e.target.value as OutboxChannel | "")}
          >
            <option value="">{t("allChannels")}</option>
            {CHANNELS.map((c) => (
              <option key={c} value={c}>
                {outbox(`channels.${c}`)}
              </option>
            ))}
          </select>
        </div>
      </form>
      {/* Always in the page, so a search that empties the list is announced too. */}
      <p className="mb-4 text-sm text-slate-600" role="status" data-testid="admin-outbox-count">
        {query.data && t("count", { count: messages.length })}
        {messages.length >= LIMIT && ` ${t("limited", { limit: LIMIT })}`}
      </p>
      {query.isPending ? (
        <Loading />
      ) : query.isError && !query.data ? (
        <LoadError message={t("loadFailed")} onRetry={() => query.refetch()} />
      ) : messages.length === 0 ? (
        <Card testId="admin-outbox-empty">
          {filtered ? (
            <p className="font-medium text-slate-900">{t("noMatch")}</p>
          ) : (
            <>
              <p className="font-medium text-slate-900">{t("emptyTitle")}</p>
              <p className="mt-1 text-slate-600">{t("emptyText")}</p>
            </>
          )}
        </Card>
      ) : (
        <Card title={t("listTitle")}>
          <ul className="divide-y divide-slate-100">
            {messages.map((m) => (
              <OutboxItem
                key={m.id}
                message={m}
                from={
                  <p className="text-sm text-slate-700 [overflow-wrap:anywhere]" data-testid="outbox-account">
                    {m.account ? t("account", { name: m.account.businessName ?? m.account.email, email: m.account.email }) : t("noAccount")}
                  </p>
                }
              />
            ))}
          </ul>
        </Card>
      )}
    </>
  );
}
