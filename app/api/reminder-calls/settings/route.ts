import { json } from "@/lib/platform/http/route";
import { ROLES } from "@/lib/platform/shared/roles";
import { reminderCallSettingsResponse } from "@/lib/receptionist/outbound/reminder-calls.responses";
import { reminderCallSettingsSchema } from "@/lib/receptionist/outbound/reminder-calls.schemas";
import { reminderCallSettingsOf, saveReminderCallSettings } from "@/lib/receptionist/outbound/reminder-calls.service";
import { route } from "@/lib/server/api-route";

export const runtime = "nodejs";

/** Whether reminder calls are placed, and how many hours before each appointment (off, 24 h, until the owner says). */
export const GET = route.owner({ roles: ROLES.frontDesk, response: { 200: reminderCallSettingsResponse } }, async ({ ctx, auth }) =>
  json(await reminderCallSettingsOf(ctx.db, auth.userId)),
);

/** Turns reminder calls on or off, placed 2 to 72 hours before; only callers who agreed to a call are ever called. */
export const PUT = route.owner(
  { roles: ROLES.managers, body: reminderCallSettingsSchema, response: { 200: reminderCallSettingsResponse } },
  async ({ ctx, auth, input }) => json(await saveReminderCallSettings(ctx.db, auth.userId, input.body)),
);
