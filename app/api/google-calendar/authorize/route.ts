import { z } from "zod";
import { requireUser } from "@/lib/auth/session";
import { connectCalendar } from "@/lib/calendar/calendar.service";
import { json, readJson, route } from "@/lib/http/route";
import { appContext } from "@/lib/server/context";

export const runtime = "nodejs";

const bodySchema = z.object({ code: z.string().trim().min(1).max(2048) });

export const POST = route(async (req) => {
  const ctx = appContext();
  const auth = await requireUser(ctx.db, ctx.session, req);
  const { code } = await readJson(req, bodySchema);
  return json(await connectCalendar({ db: ctx.db, calendar: ctx.providers.calendar, secrets: ctx.secrets }, auth.userId, code));
});
