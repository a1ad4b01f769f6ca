import { eq } from "drizzle-orm";
import { users } from "@/db/schema";
import { sandboxEventsResponse } from "@/lib/scheduling/calendar/calendar.responses";
import { listSandboxEvents } from "@/lib/vendors/calendar-sandbox/sandbox-events";
import { AppError } from "@/lib/platform/errors";
import { CALENDAR_PROVIDERS } from "@/lib/ports/calendar";
import { json } from "@/lib/platform/http/route";
import { ROLES } from "@/lib/platform/shared/roles";
import { route } from "@/lib/server/api-route";

export const runtime = "nodejs";

// The sandbox calendars' upcoming events, each with whose calendar holds it (a real calendar is read with its provider:
// 404 when no provider is sandboxed here).
export const GET = route.owner({ roles: ROLES.frontDesk, response: { 200: sandboxEventsResponse } }, async ({ ctx, auth }) => {
  if (!CALENDAR_PROVIDERS.some((p) => ctx.providers.calendar.forNew(p).sandbox)) throw new AppError("not_found", "calendarEventsNotHere");
  const [user] = await ctx.db.select({ timeZone: users.timeZone }).from(users).where(eq(users.id, auth.userId)).limit(1);
  return json({ sandbox: true, timeZone: user?.timeZone ?? "UTC", events: await listSandboxEvents(ctx.db, auth.userId) });
});
