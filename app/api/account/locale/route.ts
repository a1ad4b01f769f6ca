import { profileResponse } from "@/lib/accounts/account/accounts.responses";
import { getProfile, updateProfile } from "@/lib/accounts/account/accounts.service";
import { accountLocaleSchema } from "@/lib/accounts/account/accounts.schemas";
import { localeCookieHeader } from "@/lib/platform/http/locale";
import { json } from "@/lib/platform/http/route";
import { keepHolidaysFilled } from "@/lib/scheduling/closures/holidays";
import { ROLES } from "@/lib/platform/shared/roles";
import { route } from "@/lib/server/api-route";

export const runtime = "nodejs";

/**
 * The account's language (the header's switch; Settings saves the same column through update-profile): the dashboard
 * and everything Recepta sends the owner speak it. The answer is the profile; the cookie makes this browser's next
 * unprefixed page agree.
 */
export const PUT = route.owner(
  { roles: ROLES.everyone, body: accountLocaleSchema, response: { 200: profileResponse } },
  async ({ ctx, auth, input, afterAnswer }) => {
    // A member's language is their own; the owner's is also the practice's.
    const own = await updateProfile(ctx.db, auth.actorId, { locale: input.body.locale });
    if (auth.practiceRole !== "owner")
      return json(await getProfile(ctx.db, auth.userId), { headers: { "set-cookie": localeCookieHeader(own.locale) } });
    // The public holidays are named in the account's language.
    await afterAnswer(() => keepHolidaysFilled(ctx.db, auth.userId));
    return json(own, { headers: { "set-cookie": localeCookieHeader(own.locale) } });
  },
);
