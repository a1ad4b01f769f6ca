import { profileResponse } from "@/lib/accounts/accounts.responses";
import { updateProfile } from "@/lib/accounts/accounts.service";
import { updateProfileSchema } from "@/lib/accounts/accounts.schemas";
import { env } from "@/lib/env";
import { clientIp } from "@/lib/http/client-ip";
import { localeCookieHeader } from "@/lib/http/locale";
import { json } from "@/lib/http/route";
import { route } from "@/lib/server/api-route";

export const runtime = "nodejs";

export const PUT = route.owner({ body: updateProfileSchema, response: { 200: profileResponse } }, async ({ req, ctx, auth, input }) => {
  const source = { clientIp: clientIp(req), attemptsPerHour: env().REGISTRATION_LIMIT_PER_HOUR };
  const profile = await updateProfile(ctx.db, auth.userId, input.body, source);
  // A new language for the account is this browser's too (Settings and the header's switch are one preference).
  return json(profile, input.body.locale ? { headers: { "set-cookie": localeCookieHeader(profile.locale) } } : {});
});
