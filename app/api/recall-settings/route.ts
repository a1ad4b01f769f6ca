import { recallSettingsResponse } from "@/lib/recall/recall.responses";
import { recallSettingsSchema } from "@/lib/recall/recall.schemas";
import { getRecallSettings, saveRecallSettings } from "@/lib/recall/recall.service";
import { json } from "@/lib/platform/http/route";
import { ROLES } from "@/lib/platform/shared/roles";
import { route } from "@/lib/server/api-route";

export const runtime = "nodejs";

/** Every service of the practice, with the months after which a caller is due again (null: no recall). */
export const GET = route.owner({ roles: ROLES.managers, response: { 200: recallSettingsResponse } }, async ({ ctx, auth }) =>
  json(await getRecallSettings(ctx.db, auth.userId)),
);

/**
 * Replaces the recall intervals: each service one of the practice's, each listed once, 1 to 60 months or null; a
 * service left out has none.
 */
export const PUT = route.owner(
  { roles: ROLES.managers, body: recallSettingsSchema, response: { 200: recallSettingsResponse } },
  async ({ ctx, auth, input }) => json(await saveRecallSettings(ctx.db, auth.userId, input.body)),
);
