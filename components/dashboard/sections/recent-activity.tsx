// The practice's latest audit entries on the security tab, for those who run it (the owner and its admins): who did
// what, and when. Who is a person's name as it was then, an API key's name, or nobody (the system); someone erased or
// removed since shows as a former member.
import { getTranslations } from "next-intl/server";
import { FORMER_MEMBER } from "@/lib/accounts/audit/actor";
import { recentActivity } from "@/lib/accounts/audit/audit";
import { formatDateTime } from "@/lib/platform/format/intl";
import type { Locale } from "@/lib/platform/i18n/routing";
import { appContext } from "@/lib/server/context";

/** The entries the list has words for; anything else is shown by its code. */
const KNOWN_ACTIONS = [
  "member.invite",
  "member.role",
  "member.remove",
  "member.withdraw",
  "api_key.create",
  "api_key.revoke",
  "webhook_endpoint.create",
  "webhook_endpoint.move",
  "webhook_endpoint.delete",
  "caller.erase",
  "appointment.reassign",
];

export async function RecentActivity({ businessId, locale, timeZone }: { businessId: string; locale: Locale; timeZone: string }) {
  const t = await getTranslations({ locale, namespace: "SecuritySection.activity" });
  const entries = await recentActivity(appContext().db, businessId);
  const who = (e: (typeof entries)[number]) => {
    if (!e.actorName) return t("system");
    if (e.actorName === FORMER_MEMBER && !e.byApiKey) return t("formerMember");
    return e.byApiKey ? t("apiKey", { name: e.actorName }) : e.actorName;
  };
  return (
    <section data-testid="access-activity" className="space-y-2">
      <h3 className="font-semibold text-slate-900">{t("title")}</h3>
      {entries.length === 0 ? (
        <p className="text-sm text-slate-600">{t("empty")}</p>
      ) : (
        <ul className="divide-y divide-slate-100 text-sm text-slate-700">
          {entries.map((e) => (
            <li key={e.id} className="py-2" data-testid="activity-entry">
              <span className="font-medium">{who(e)}</span>{" "}
              {KNOWN_ACTIONS.includes(e.action) ? t(`actions.${e.action.replace(".", "_")}`) : e.action}
              <span className="block text-slate-500">{formatDateTime(e.at, locale, timeZone)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
