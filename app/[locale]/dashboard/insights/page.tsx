import { getTranslations } from "next-intl/server";
import { ROLES } from "@/lib/platform/shared/roles";
import { dashboardMetadata, dashboardUser } from "@/components/dashboard/dashboard-page";
import { InsightsView, type PeriodChoice } from "@/components/dashboard/insights";
import { translate } from "@/lib/platform/i18n/translate";
import { insightsQuerySchema, PRESET_PERIODS } from "@/lib/insights/insights.schemas";
import { insightsFor } from "@/lib/insights/insights.service";
import { appContext } from "@/lib/server/context";
import { addDays, localDate } from "@/lib/platform/time/zoned-time";

export const generateMetadata = dashboardMetadata("insights");

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

// Rendered on the server, charts included: the period is a plain GET form, so the page works before (and without) any
// script, and the charts cost the browser nothing to download.
export default async function Page({ params, searchParams }: Props) {
  const { user, locale } = await dashboardUser(params, { roles: ROLES.managers });
  const asked = await searchParams;
  const one = (k: string) => (typeof asked[k] === "string" && asked[k] !== "" ? asked[k] : undefined);
  const now = new Date();
  const today = localDate(now, user.timeZone);
  const preset = Number(one("days"));
  let choice: PeriodChoice = (PRESET_PERIODS as readonly number[]).includes(preset) ? (String(preset) as PeriodChoice) : "30";
  let period: { from?: string; to?: string } = { from: addDays(today, -(Number(choice) - 1)), to: today };
  const custom = one("days") === "custom" || (!one("days") && (one("from") !== undefined || one("to") !== undefined));
  let error: string | null = null;
  if (custom) {
    const parsed = insightsQuerySchema.safeParse({ from: one("from"), to: one("to") });
    if (parsed.success) {
      choice = "custom";
      period = { from: parsed.data.from, to: parsed.data.to };
    } else {
      // The form's dates are refused with the API's own words; the default period is shown meanwhile.
      error = translate(locale, `Validation.${parsed.error.issues[0]!.message}`);
    }
  }
  const data = await insightsFor(appContext().db, user.id, period, now);
  const t = await getTranslations("Insights");
  return (
    <div>
      <h1 className="text-2xl font-semibold text-slate-900">{t("title")}</h1>
      <InsightsView data={data} choice={choice} error={error} locale={locale} />
    </div>
  );
}
