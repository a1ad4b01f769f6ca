import { json } from "@/lib/platform/http/route";
import { ROLES } from "@/lib/platform/shared/roles";
import { reminderCallsResponse } from "@/lib/receptionist/outbound/reminder-calls.responses";
import { listReminderCalls } from "@/lib/receptionist/outbound/reminder-calls.service";
import { route } from "@/lib/server/api-route";

export const runtime = "nodejs";

/** The practice's reminder calls with what each came to, the latest first. */
export const GET = route.owner({ roles: ROLES.frontDesk, response: { 200: reminderCallsResponse } }, async ({ ctx, auth }) =>
  json(await listReminderCalls(ctx.db, auth.userId)),
);
