import { json } from "@/lib/platform/http/route";
import { adminUsageResponse } from "@/lib/insights/insights.responses";
import { usageOfAll } from "@/lib/insights/usage";
import { route } from "@/lib/server/api-route";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** Every account's calls and minutes in its current billing period (the users table's usage column). */
export const GET = route.admin({ response: { 200: adminUsageResponse } }, async ({ ctx }) => json({ usage: await usageOfAll(ctx.db) }));
