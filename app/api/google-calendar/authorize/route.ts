import { calendarConnectedResponse } from "@/lib/scheduling/calendar/calendar.responses";
import { z } from "zod";
import { connectCalendar } from "@/lib/scheduling/calendar/calendar.service";
import { json } from "@/lib/platform/http/route";
import { route } from "@/lib/server/api-route";

export const runtime = "nodejs";

const bodySchema = z.object({ code: z.string().trim().min(1).max(2048) });

export const POST = route.owner({ body: bodySchema, response: { 200: calendarConnectedResponse } }, async ({ ctx, auth, input }) =>
  json(await connectCalendar({ db: ctx.db, calendar: ctx.providers.calendar, secrets: ctx.secrets }, auth.userId, input.body.code)),
);
