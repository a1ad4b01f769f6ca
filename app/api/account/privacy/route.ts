import { AppError } from "@/lib/platform/errors";
import { json } from "@/lib/platform/http/route";
import { privacySettingsResponse } from "@/lib/accounts/privacy/privacy.responses";
import { privacySettingsSchema, RETENTION_DAYS } from "@/lib/accounts/privacy/privacy.schemas";
import { getPrivacySettings, updatePrivacySettings } from "@/lib/accounts/privacy/retention";
import { ROLES } from "@/lib/platform/shared/roles";
import { route } from "@/lib/server/api-route";

export const runtime = "nodejs";

/** The business's privacy settings and the bounds the retention period must stay within. */
export const GET = route.owner({ roles: ROLES.everyone, response: { 200: privacySettingsResponse } }, async ({ ctx, auth }) => {
  const settings = await getPrivacySettings(ctx.db, auth.userId);
  if (!settings) throw new AppError("unauthorized", "unauthorized");
  return json({ ...settings, retentionLimits: RETENTION_DAYS });
});

export const PUT = route.owner(
  { roles: ROLES.managers, body: privacySettingsSchema, response: { 200: privacySettingsResponse } },
  async ({ ctx, auth, input }) => {
    const settings = await updatePrivacySettings(ctx.db, auth.userId, input.body);
    if (!settings) throw new AppError("unauthorized", "unauthorized");
    return json({ ...settings, retentionLimits: RETENTION_DAYS });
  },
);
