import { practitionerResponse } from "@/lib/scheduling/practitioners/practitioners.responses";
import { practitionerSchema } from "@/lib/scheduling/practitioners/practitioners.schemas";
import { removePractitioner, updatePractitioner } from "@/lib/scheduling/practitioners/practitioners.service";
import { revokeQuietly } from "@/lib/scheduling/calendar/calendar.service";
import { messageResponse } from "@/lib/platform/http/http.responses";
import { AppError } from "@/lib/platform/errors";
import { idParam } from "@/lib/platform/http/params";
import { json, message } from "@/lib/platform/http/route";
import { ROLES } from "@/lib/platform/shared/roles";
import { ownPractitioner, route } from "@/lib/server/api-route";

export const runtime = "nodejs";

const params = { id: (id: string) => idParam(id, "practitionerNotFound") };

/** Replaces the practitioner's name, services and hours; a practitioner member, their own only (another's is not found). */
export const PUT = route.owner(
  { roles: ROLES.everyone, params, body: practitionerSchema, response: { 200: practitionerResponse } },
  async ({ ctx, auth, params, input }) => {
    if (ownPractitioner(auth, params.id) !== params.id) throw new AppError("not_found", "practitionerNotFound");
    return json(await updatePractitioner(ctx.db, auth.userId, params.id, input.body));
  },
);

/** Removes a practitioner and their calendar connection: 409 while appointments with them are still to come, and for the last one. */
export const DELETE = route.owner(
  { roles: ROLES.managers, params, response: { 200: messageResponse } },
  async ({ ctx, auth, params, locale }) => {
    const calendar = await removePractitioner(ctx.db, auth.userId, params.id);
    // Their calendar's grant is revoked where it was issued, once the removal holds.
    if (calendar) await revokeQuietly({ calendar: ctx.providers.calendar, secrets: ctx.secrets }, auth.userId, params.id, calendar);
    return message(locale, "practitionerRemoved");
  },
);
