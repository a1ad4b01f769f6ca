import { requireUser } from "@/lib/auth/session";
import { disconnectCalendar } from "@/lib/calendar/calendar.service";
import { json, route } from "@/lib/http/route";
import { appContext } from "@/lib/server/context";

export const runtime = "nodejs";

export const POST = route(async (req) => {
  const ctx = appContext();
  const auth = await requireUser(ctx.db, ctx.session, req);
  return json(await disconnectCalendar({ db: ctx.db, calendar: ctx.providers.calendar, secrets: ctx.secrets }, auth.userId));
});
