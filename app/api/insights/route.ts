import { json } from "@/lib/platform/http/route";
import { translate } from "@/lib/platform/i18n/translate";
import { insightsCsv } from "@/lib/insights/insights.csv";
import { insightsResponse } from "@/lib/insights/insights.responses";
import { insightsQuerySchema } from "@/lib/insights/insights.schemas";
import { insightsFor } from "@/lib/insights/insights.service";
import { ROLES } from "@/lib/platform/shared/roles";
import { route } from "@/lib/server/api-route";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/**
 * What the receptionist did over a period of the owner's local days (default: the last 30), as figures; with
 * `?format=csv&table=days|outcomes|bookings|hours|reasons|receptionist`, one chart's table as a CSV file in the owner's language.
 */
export const GET = route.owner(
  { roles: ROLES.managers, query: insightsQuerySchema, response: { 200: { "application/json": insightsResponse, "text/csv": null } } },
  async ({ ctx, auth, input, locale }) => {
    const { format, table, ...period } = input.query;
    const data = await insightsFor(ctx.db, auth.userId, period);
    if (format === "json") return json(data);
    const csv = insightsCsv(data, table, (key) => translate(locale, `Insights.${key}`));
    return new Response(csv, {
      headers: {
        "content-type": "text/csv; charset=utf-8",
        "content-disposition": `attachment; filename="recepta-${table}-${data.from}-${data.to}.csv"`,
        "cache-control": "no-store",
      },
    });
  },
);
