// What opens the account besides the password, on the security tab: the signed-in sessions, the API keys and the webhook
// endpoints, read on the server for this render. A summary only: keys and endpoints are made and revoked on the
// Integrations page, which each list links to. Nothing secret is shown (keys by their name and first characters,
// endpoints by their host, as in the owner's email when one is made).
import { getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import { listApiKeys } from "@/lib/accounts/api-keys/api-keys.service";
import { openSessions } from "@/lib/accounts/auth/session";
import { listEndpoints } from "@/lib/accounts/webhooks/endpoints.service";
import { formatDateTime, formatLongDate } from "@/lib/platform/format/intl";
import { Link } from "@/lib/platform/i18n/navigation";
import { allows, ROLES } from "@/lib/platform/shared/roles";
import type { Locale } from "@/lib/platform/i18n/routing";
import { appContext } from "@/lib/server/context";
import { getCurrentSession } from "@/lib/server/current-user";
import { Card } from "../frame";
import { RecentActivity } from "./recent-activity";

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

function Group({
  title,
  empty,
  manage,
  testId,
  children,
}: {
  title: string;
  empty: string | null;
  manage?: ReactNode;
  testId: string;
  children: ReactNode;
}) {
  return (
    <section data-testid={testId} className="space-y-2">
      <h3 className="font-semibold text-slate-900">{title}</h3>
      {empty ? (
        <p className="text-sm text-slate-600">{empty}</p>
      ) : (
        <ul className="divide-y divide-slate-100 text-sm text-slate-700">{children}</ul>
      )}
      {manage}
    </section>
  );
}

export async function AccessSummary({ userId, locale, timeZone }: { userId: string; locale: Locale; timeZone: string }) {
  const t = await getTranslations({ locale, namespace: "SecuritySection" });
  const db = appContext().db;
  // The sessions are the person's own; the practice's keys and webhooks are shown to those who manage it.
  const current = await getCurrentSession();
  const manages = !!current && allows(ROLES.managers, current.practiceRole);
  const [open, { apiKeys }, { endpoints }] = await Promise.all([
    openSessions(db, current?.actorId ?? userId),
    manages ? listApiKeys(db, userId) : { apiKeys: [] },
    manages ? listEndpoints(db, userId) : { endpoints: [] },
  ]);
  const at = (d: Date | string) => formatDateTime(d, locale, timeZone);
  const day = (d: Date | string) => formatLongDate(typeof d === "string" ? d : d.toISOString(), locale, timeZone);
  const manage = (
    <p className="text-sm">
      <Link href="/dashboard/integrations" className="font-medium text-indigo-700 underline hover:text-indigo-900">
        {t("manage")}
      </Link>
    </p>
  );
  return (
    <div className="mt-6">
      <Card title={t("title")} testId="access-summary">
        <p className="mb-4 max-w-2xl text-sm text-slate-600">{t("description")}</p>
        <div className="space-y-6">
          <Group title={t("sessions.title", { count: open.total })} empty={null} testId="access-sessions">
            {open.sessions.map((s) => (
              <li key={s.id} className="py-2">
                {t("sessions.since", { date: at(s.createdAt) })}
                {s.id === current?.sessionId && <span className="ml-2 font-semibold text-emerald-800">{t("sessions.current")}</span>}
                <span className="block text-slate-500">{t("sessions.until", { date: day(s.expiresAt) })}</span>
              </li>
            ))}
            {open.total > open.sessions.length && (
              <li className="py-2 text-slate-500">{t("sessions.more", { count: open.total - open.sessions.length })}</li>
            )}
          </Group>
          {manages && (
            <>
              <Group
                title={t("apiKeys.title", { count: apiKeys.length })}
                empty={apiKeys.length ? null : t("apiKeys.empty")}
                manage={manage}
                testId="access-api-keys"
              >
                {apiKeys.map((k) => (
                  <li key={k.id} className="py-2">
                    <span className="font-medium">{k.name}</span> <code className="font-mono text-xs">{k.prefix}…</code>
                    <span className="block text-slate-500">
                      {t("apiKeys.made", { date: day(k.createdAt) })} ·{" "}
                      {k.lastUsedAt ? t("apiKeys.lastUsed", { date: day(k.lastUsedAt) }) : t("apiKeys.neverUsed")}
                    </span>
                  </li>
                ))}
              </Group>
              <Group
                title={t("webhooks.title", { count: endpoints.length })}
                empty={endpoints.length ? null : t("webhooks.empty")}
                manage={manage}
                testId="access-webhooks"
              >
                {endpoints.map((e) => (
                  <li key={e.id} className="py-2">
                    <span className="font-medium">{hostOf(e.url)}</span>
                    {!e.enabled && <span className="ml-2 text-slate-500">{t("webhooks.off")}</span>}
                    <span className="block text-slate-500">{t("webhooks.made", { date: day(e.createdAt) })}</span>
                  </li>
                ))}
              </Group>
            </>
          )}
          {manages && <RecentActivity businessId={userId} locale={locale} timeZone={timeZone} />}
        </div>
      </Card>
    </div>
  );
}
