import { json } from "@/lib/platform/http/route";
import { accountUsageResponse } from "@/lib/insights/insights.responses";
import { usageAlertSchema } from "@/lib/insights/insights.schemas";
import { setUsageAlert, usageFor } from "@/lib/insights/usage";
import { ROLES } from "@/lib/platform/shared/roles";
import { route } from "@/lib/server/api-route";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** Calls and minutes this billing period, and the owner's limit (emails at 80% and 100% of it). */
export const GET = route.owner({ roles: ROLES.owner, response: { 200: accountUsageResponse } }, async ({ ctx, auth }) =>
  json(await usageFor(ctx.db, auth.userId)),
);

/** Sets the limit (a whole number of minutes), or removes it (null). */
export const PUT = route.owner(
  { roles: ROLES.owner, body: usageAlertSchema, response: { 200: accountUsageResponse } },
  async ({ ctx, auth, input }) => json(await setUsageAlert(ctx.db, auth.userId, input.body.alertMinutes)),
);
