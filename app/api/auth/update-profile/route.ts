import { profileResponse } from "@/lib/accounts/account/accounts.responses";
import { updateProfile } from "@/lib/accounts/account/accounts.service";
import { updateProfileSchema } from "@/lib/accounts/account/accounts.schemas";
import { AppError } from "@/lib/platform/errors";
import { env } from "@/lib/platform/env";
import { clientIp } from "@/lib/platform/http/client-ip";
import { localeCookieHeader } from "@/lib/platform/http/locale";
import { json } from "@/lib/platform/http/route";
import { keepHolidaysFilled } from "@/lib/scheduling/closures/holidays";
import { ROLES } from "@/lib/platform/shared/roles";
import { route } from "@/lib/server/api-route";

export const runtime = "nodejs";

export const PUT = route.owner(
  { roles: ROLES.managers, body: updateProfileSchema, response: { 200: profileResponse } },
  async ({ req, ctx, auth, input, afterAnswer }) => {
    // The owner's own name and sign-in email are theirs: an admin runs the practice, not the owner's account.
    if (auth.practiceRole !== "owner" && (input.body.email !== undefined || input.body.fullName !== undefined))
      throw new AppError("forbidden", "ownerOnly").in(auth.locale);
    const source = { clientIp: clientIp(req), attemptsPerHour: env().REGISTRATION_LIMIT_PER_HOUR };
    const profile = await updateProfile(ctx.db, auth.userId, input.body, source);
    // A new time zone or address can move the business to other public holidays, a new language renames them.
    const { timeZone, businessAddress, locale } = input.body;
    if (timeZone !== undefined || businessAddress !== undefined || locale !== undefined)
      await afterAnswer(() => keepHolidaysFilled(ctx.db, auth.userId));
    // A new language for the account is this browser's too (Settings and the header's switch are one preference).
    return json(profile, input.body.locale ? { headers: { "set-cookie": localeCookieHeader(profile.locale) } } : {});
  },
);
