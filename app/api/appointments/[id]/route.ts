import { cancelAppointment } from "@/lib/appointments/appointments.service";
import { requireUser } from "@/lib/auth/session";
import { idParam } from "@/lib/http/params";
import { json, route } from "@/lib/http/route";
import { appContext } from "@/lib/server/context";

export const runtime = "nodejs";

// DELETE cancels: the slot is freed, the calendar event removed and the patient told. The row stays (with status
// "cancelled") so the call log and the owner's history still make sense.
export const DELETE = route<{ id: string }>(async (req, { params }) => {
  const ctx = appContext();
  const auth = await requireUser(ctx.db, ctx.session, req);
  const id = idParam(params.id, "appointmentNotFound");
  return json(await cancelAppointment(ctx.booking, auth.userId, id));
});
