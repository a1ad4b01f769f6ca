import { appointmentResponse } from "@/lib/scheduling/appointments/appointments.responses";
import { attendanceSchema } from "@/lib/scheduling/appointments/appointments.schemas";
import { markAttendance } from "@/lib/scheduling/appointments/appointments.service";
import { idParam } from "@/lib/platform/http/params";
import { json } from "@/lib/platform/http/route";
import { ROLES } from "@/lib/platform/shared/roles";
import { route } from "@/lib/server/api-route";

export const runtime = "nodejs";

/**
 * Whether the patient came ("attended", "no_show", or null to unmark), once the appointment has begun: 409 before it
 * begins or once it was cancelled.
 */
export const PUT = route.owner(
  {
    roles: ROLES.frontDesk,
    scope: "appointments:write",
    params: { id: (id) => idParam(id, "appointmentNotFound") },
    body: attendanceSchema,
    response: { 200: appointmentResponse },
  },
  async ({ ctx, auth, params, input }) => json(await markAttendance(ctx.db, auth.userId, params.id, input.body.attendance)),
);
