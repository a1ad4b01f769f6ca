import { messageResponse } from "@/lib/platform/http/http.responses";
import { route } from "@/lib/server/api-route";
import { metricsEnabled, requireMetricsToken, scrapeMetrics } from "@/lib/server/metrics";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/**
 * The process's metrics in Prometheus's text format, for a scraper holding METRICS_TOKEN (`Authorization: Bearer …`,
 * 401 otherwise). Without METRICS_TOKEN, metrics are off and this is a 404. Public to the proxy: the token, not a
 * session, is the credential. No label carries personal data (lib/platform/metrics).
 */
export const GET = route.public(
  {
    available: metricsEnabled,
    description:
      "No session: the credential is `Authorization: Bearer <METRICS_TOKEN>` (401 without it); a 404 while METRICS_TOKEN is unset.",
    response: { 200: { "text/plain": null }, 401: messageResponse },
  },
  async ({ req, ctx, log }) => {
    requireMetricsToken(req.headers);
    return scrapeMetrics(ctx.db, log);
  },
);
