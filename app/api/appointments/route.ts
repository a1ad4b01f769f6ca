import { appointmentListResponse, appointmentResponse } from "@/lib/appointments/appointments.responses";
import { createAppointmentSchema } from "@/lib/appointments/appointments.schemas";
import { bookAppointment, listAppointments } from "@/lib/appointments/appointments.service";
import { AppError } from "@/lib/errors";
import { json } from "@/lib/http/route";
import { route } from "@/lib/server/api-route";

export const runtime = "nodejs";

/** `?from=` and `?to=` (ISO 8601 instants or dates) narrow the list to appointments starting in [from, to). */
function rangeOf(req: Request): { from?: Date; to?: Date } {
  const params = new URL(req.url).searchParams;
  const read = (name: "from" | "to") => {
    const raw = params.get(name);
    if (raw === null || raw === "") return undefined;
    const d = /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:\d{2}))?$/.test(raw) ? new Date(raw) : new Date(NaN);
    if (Number.isNaN(d.getTime())) throw new AppError("bad_request", "Validation.dateInvalid", { field: `@Fields.${name}` });
    return d;
  };
  return { from: read("from"), to: read("to") };
}

export const GET = route.owner({ response: { 200: appointmentListResponse } }, async ({ req, ctx, auth }) =>
  json(await listAppointments(ctx.db, auth.userId, new Date(), rangeOf(req))),
);

export const POST = route.owner({ body: createAppointmentSchema, response: { 201: appointmentResponse } }, async ({ ctx, auth, input }) =>
  json(await bookAppointment(ctx.booking, auth.userId, input.body), { status: 201 }),
);
