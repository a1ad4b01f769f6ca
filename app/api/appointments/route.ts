import { appointmentListResponse, appointmentResponse } from "@/lib/scheduling/appointments/appointments.responses";
import { appointmentRangeQuerySchema, createAppointmentSchema } from "@/lib/scheduling/appointments/appointments.schemas";
import { bookAppointment, listAppointments } from "@/lib/scheduling/appointments/appointments.service";
import { json } from "@/lib/platform/http/route";
import { ROLES } from "@/lib/platform/shared/roles";
import { actorOf, ownPractitioner, route } from "@/lib/server/api-route";

export const runtime = "nodejs";

export const GET = route.owner(
  { roles: ROLES.everyone, scope: "appointments:read", query: appointmentRangeQuerySchema, response: { 200: appointmentListResponse } },
  async ({ ctx, auth, input }) =>
    json(
      await listAppointments(ctx.db, auth.userId, new Date(), {
        ...input.query,
        practitionerId: ownPractitioner(auth, input.query.practitionerId),
      }),
    ),
);

export const POST = route.owner(
  { roles: ROLES.frontDesk, scope: "appointments:write", body: createAppointmentSchema, response: { 201: appointmentResponse } },
  async ({ ctx, auth, input }) => json(await bookAppointment(ctx.booking, auth.userId, input.body, actorOf(auth)), { status: 201 }),
);
