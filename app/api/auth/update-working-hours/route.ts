import { profileResponse } from "@/lib/accounts/account/accounts.responses";
import { updateProfile } from "@/lib/accounts/account/accounts.service";
import { updateWorkingHoursSchema } from "@/lib/accounts/account/accounts.schemas";
import { json } from "@/lib/platform/http/route";
import { ROLES } from "@/lib/platform/shared/roles";
import { route } from "@/lib/server/api-route";

export const runtime = "nodejs";

/** Answers the updated profile (the contract leaves the answer open; the dashboard refreshes from it). */
export const PUT = route.owner(
  { roles: ROLES.managers, body: updateWorkingHoursSchema, response: { 200: profileResponse } },
  async ({ ctx, auth, input }) => json(await updateProfile(ctx.db, auth.userId, { workingHours: input.body.workingHours })),
);
