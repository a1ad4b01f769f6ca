import { z } from "zod";
import { requireUser } from "@/lib/auth/session";
import { AppError } from "@/lib/errors";
import { json, readJson, route } from "@/lib/http/route";
import { getPrivacySettings, RETENTION_DAYS, updatePrivacySettings } from "@/lib/privacy/retention";
import { appContext } from "@/lib/server/context";

export const runtime = "nodejs";

const privacySchema = z
  .object({
    retentionDays: z.number("retentionRange").int("retentionRange").min(RETENTION_DAYS.min, "retentionRange").max(RETENTION_DAYS.max, "retentionRange"),
    recordingEnabled: z.boolean("mustBeBoolean"),
  })
  .partial();

/** The business's privacy settings and the bounds the retention period must stay within. */
export const GET = route(async (req) => {
  const ctx = appContext();
  const auth = await requireUser(ctx.db, ctx.session, req);
  const settings = await getPrivacySettings(ctx.db, auth.userId);
  if (!settings) throw new AppError("unauthorized", "unauthorized");
  return json({ ...settings, retentionLimits: RETENTION_DAYS });
});

export const PUT = route(async (req) => {
  const ctx = appContext();
  const auth = await requireUser(ctx.db, ctx.session, req);
  const input = await readJson(req, privacySchema);
  const settings = await updatePrivacySettings(ctx.db, auth.userId, input);
  if (!settings) throw new AppError("unauthorized", "unauthorized");
  return json({ ...settings, retentionLimits: RETENTION_DAYS });
});
