import { appointmentResponse } from "@/lib/scheduling/appointments/appointments.responses";
import { cancelAppointment } from "@/lib/scheduling/appointments/appointments.service";
import { idParam } from "@/lib/platform/http/params";
import { json } from "@/lib/platform/http/route";
import { ROLES } from "@/lib/platform/shared/roles";
import { actorOf, route } from "@/lib/server/api-route";

export const runtime = "nodejs";

export const POST = route.owner(
  {
    roles: ROLES.frontDesk,
    scope: "appointments:write",
    params: { id: (id) => idParam(id, "appointmentNotFound") },
    response: { 200: appointmentResponse },
  },
  async ({ ctx, auth, params }) => json(await cancelAppointment(ctx.booking, auth.userId, params.id, actorOf(auth))),
);
