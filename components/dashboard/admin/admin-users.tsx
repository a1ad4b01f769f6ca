"use client";
// Admin Users: a searchable table of the accounts, and a settings dialog per user (./user-settings.tsx).
import { useQuery } from "@tanstack/react-query";
import { useLocale, useTranslations } from "next-intl";
import { lazy, Suspense, useEffect, useMemo, useState } from "react";
import type { Profile } from "@/lib/accounts/account/profile";
import { api, ok } from "@/lib/platform/client/api";
import { adminKeys } from "@/lib/platform/client/queries/admin";
import { formatShortDate } from "@/lib/platform/format/intl";
import { useInternationalPhone } from "../phone";
import { Badge, LoadError, Loading, SearchTable, SectionHeader } from "../ui";
import { nameOf, UserStatus } from "./user-status";

// The dialog, and react-hook-form with it, loads after the table: reading the list does not need it.
const loadUserSettings = () => import("./user-settings");
const UserSettings = lazy(loadUserSettings);

async function loadUsers(): Promise<Profile[]> {
  const data = await ok(api.GET("/api/admin/users"));
  // The types say what the server declares; what reaches the browser (an old server, a proxy's page) is checked.
  if (!Array.isArray(data?.users)) throw new UnexpectedFormat();
  return data.users;
}
class UnexpectedFormat extends Error {}

function matchesUser(u: Pick<Profile, "fullName" | "email">, search: string): boolean {
  const q = search.trim().toLowerCase();
  return !q || u.fullName.toLowerCase().includes(q) || u.email.toLowerCase().includes(q);
}

export function AdminUsers({ currentUserId }: { currentUserId: string }) {
  const t = useTranslations("AdminUsers");
  const locale = useLocale();
  const query = useQuery({ queryKey: adminKeys.users(), queryFn: loadUsers });
  // The usage column fills in when its own answer comes; the table never waits for it.
  const usage = useQuery({
    queryKey: adminKeys.usage(),
    queryFn: () => ok(api.GET("/api/admin/usage")),
  });
  const formatPhone = useInternationalPhone();
  const [search, setSearch] = useState("");
  const [selected, setSelected] = useState<string | null>(null);
  const users = useMemo(() => (query.data ?? []).filter((u) => matchesUser(u, search)), [query.data, search]);
  // Fetched once the page is up, so that a click on "Settings" opens the dialog at once.
  useEffect(() => {
    void loadUserSettings();
  }, []);

  return (
    <>
      <SectionHeader title={t("title")} description={t("description")} />
      {query.isPending ? (
        <Loading />
      ) : query.isError ? (
        <LoadError
          message={query.error instanceof UnexpectedFormat ? t("unexpectedFormat") : t("loadFailed")}
          onRetry={() => query.refetch()}
        />
      ) : (
        <SearchTable
          title={t("title")}
          id="user-search"
          label={t("search")}
          placeholder={t("searchPlaceholder")}
          search={search}
          onSearch={setSearch}
          count={t("count", { count: users.length })}
          columns={(["user", "email", "phone", "status", "calendar", "subscription", "usage", "actions"] as const).map((c) =>
            t(`columns.${c}`),
          )}
          minWidth="52rem"
          empty={users.length === 0 ? t("noMatch") : null}
        >
          {users.map((u) => (
            <tr key={u.id} data-testid="user-row">
              <th scope="row" className="px-3 py-3 font-semibold text-slate-900">
                <span className="inline-flex items-center gap-2">
                  {u.fullName.trim() || <span className="font-normal italic text-slate-600">{t("noName")}</span>}
                  {u.type === "admin" && (
                    <span title={t("admin")} className="inline-flex items-center text-indigo-700" data-testid="admin-badge">
                      <svg aria-hidden="true" width="16" height="16" viewBox="0 0 24 24" fill="currentColor">
                        <path d="M12 2 4 5v6c0 5 3.4 9.7 8 11 4.6-1.3 8-6 8-11V5l-8-3Z" />
                      </svg>
                      <span className="sr-only">{t("admin")}</span>
                    </span>
                  )}
                </span>
              </th>
              <td className="max-w-[14rem] break-all px-3 py-3 text-slate-700">{u.email}</td>
              <td className="px-3 py-3 text-slate-700">
                {u.telnyxPhoneNumber ? formatPhone(u.telnyxPhoneNumber) : <span className="text-slate-600">{t("noNumber")}</span>}
              </td>
              <td className="px-3 py-3" data-testid="user-status">
                <UserStatus user={u} />
              </td>
              <td className="px-3 py-3">
                <Badge tone={u.hasGoogleOAuth ? "green" : "gray"}>{u.hasGoogleOAuth ? t("authorized") : t("notAuthorized")}</Badge>
              </td>
              <td className="px-3 py-3 text-slate-700">
                <SubscriptionSummary user={u} locale={locale} />
              </td>
              <td className="px-3 py-3 text-slate-700 tabular-nums" data-testid="user-usage">
                {usage.data?.usage[u.id]?.minutes ?? "–"}
              </td>
              <td className="px-3 py-3">
                <button type="button" className="btn-secondary" onClick={() => setSelected(u.id)}>
                  {t("settings")}
                  <span className="sr-only"> {nameOf(u)}</span>
                </button>
              </td>
            </tr>
          ))}
        </SearchTable>
      )}
      {selected && (
        <Suspense fallback={null}>
          <UserSettings userId={selected} currentUserId={currentUserId} onClose={() => setSelected(null)} />
        </Suspense>
      )}
    </>
  );
}

/** The admin table derives only active or inactive; the type and the expiry say the rest. */
function SubscriptionSummary({ user, locale }: { user: Profile; locale: string }) {
  const t = useTranslations("AdminUsers");
  if (!user.subscription) return <span className="text-slate-600">{t("subscriptionNone")}</span>;
  return (
    <span className="flex flex-col gap-1">
      <span className="flex flex-wrap items-center gap-1">
        <Badge tone={user.subscription.status ? "green" : "red"}>{user.subscription.status ? t("active") : t("inactive")}</Badge>
        <span>{user.subscriptionType === "trial" ? t("typeTrial") : t("typeSubscribed")}</span>
      </span>
      {user.subscription.endTime && (
        <span className="text-xs text-slate-600">{t("expires", { date: formatShortDate(user.subscription.endTime, locale) })}</span>
      )}
    </span>
  );
}
