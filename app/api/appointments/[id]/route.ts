import { appointmentResponse } from "@/lib/scheduling/appointments/appointments.responses";
import { cancelAppointment, getAppointment } from "@/lib/scheduling/appointments/appointments.service";
import { idParam } from "@/lib/platform/http/params";
import { json } from "@/lib/platform/http/route";
import { ROLES } from "@/lib/platform/shared/roles";
import { actorOf, ownPractitioner, route } from "@/lib/server/api-route";

export const runtime = "nodejs";

const params = { id: (id: string) => idParam(id, "appointmentNotFound") };

/** One appointment of the practice's (what a webhook's appointment id is looked up with). */
export const GET = route.owner(
  { roles: ROLES.everyone, scope: "appointments:read", params, response: { 200: appointmentResponse } },
  async ({ ctx, auth, params }) => json(await getAppointment(ctx.db, auth.userId, params.id, ownPractitioner(auth))),
);

// DELETE cancels: the slot is freed, the calendar event removed and the patient told. The row stays (with status
// "cancelled") so the call log and the owner's history still make sense.
export const DELETE = route.owner(
  { roles: ROLES.frontDesk, scope: "appointments:write", params, response: { 200: appointmentResponse } },
  async ({ ctx, auth, params }) => json(await cancelAppointment(ctx.booking, auth.userId, params.id, actorOf(auth))),
);
