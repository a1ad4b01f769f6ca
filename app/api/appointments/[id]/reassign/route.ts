import { appointmentResponse } from "@/lib/scheduling/appointments/appointments.responses";
import { reassignAppointmentSchema } from "@/lib/scheduling/appointments/appointments.schemas";
import { reassignAppointment } from "@/lib/scheduling/appointments/appointments.service";
import { idParam } from "@/lib/platform/http/params";
import { json } from "@/lib/platform/http/route";
import { ROLES } from "@/lib/platform/shared/roles";
import { actorOf, route } from "@/lib/server/api-route";

export const runtime = "nodejs";

/**
 * Gives the appointment to another practitioner at the same time (409 when they are busy or away then); the patient is
 * texted about it only with notifyCaller.
 */
export const POST = route.owner(
  {
    roles: ROLES.frontDesk,
    scope: "appointments:write",
    params: { id: (id) => idParam(id, "appointmentNotFound") },
    body: reassignAppointmentSchema,
    response: { 200: appointmentResponse },
  },
  async ({ ctx, auth, params, input }) =>
    json(await reassignAppointment(ctx.booking, auth.userId, params.id, input.body.practitionerId, input.body.notifyCaller, actorOf(auth))),
);
