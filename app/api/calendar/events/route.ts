import { eq } from "drizzle-orm";
import { users } from "@/db/schema";
import { sandboxEventsResponse } from "@/lib/scheduling/calendar/calendar.responses";
import { listSandboxEvents } from "@/lib/vendors/google/sandbox-events";
import { AppError } from "@/lib/platform/errors";
import { json } from "@/lib/platform/http/route";
import { route } from "@/lib/server/api-route";

export const runtime = "nodejs";

// The sandbox calendar's upcoming events (a real Google calendar is read in Google Calendar itself: 404).
export const GET = route.owner({ response: { 200: sandboxEventsResponse } }, async ({ ctx, auth }) => {
  if (ctx.providers.calendar.kind !== "sandbox") throw new AppError("not_found", "calendarEventsNotHere");
  const [user] = await ctx.db.select({ timeZone: users.timeZone }).from(users).where(eq(users.id, auth.userId)).limit(1);
  return json({ sandbox: true, timeZone: user?.timeZone ?? "UTC", events: await listSandboxEvents(ctx.db, auth.userId) });
});
