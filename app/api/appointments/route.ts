import { createAppointmentSchema } from "@/lib/appointments/appointments.schemas";
import { bookAppointment, listAppointments } from "@/lib/appointments/appointments.service";
import { requireUser } from "@/lib/auth/session";
import { json, readJson, route } from "@/lib/http/route";
import { appContext } from "@/lib/server/context";

export const runtime = "nodejs";

export const GET = route(async (req) => {
  const ctx = appContext();
  const auth = await requireUser(ctx.db, ctx.session, req);
  return json(await listAppointments(ctx.db, auth.userId));
});

export const POST = route(async (req) => {
  const ctx = appContext();
  const auth = await requireUser(ctx.db, ctx.session, req);
  const input = await readJson(req, createAppointmentSchema);
  return json(await bookAppointment(ctx.db, auth.userId, input), { status: 201 });
});
