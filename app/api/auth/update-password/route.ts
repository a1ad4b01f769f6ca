import { updatePassword } from "@/lib/accounts/account/accounts.service";
import { updatePasswordSchema } from "@/lib/accounts/account/accounts.schemas";
import { clientIp } from "@/lib/platform/http/client-ip";
import { messageResponse } from "@/lib/platform/http/http.responses";
import { message } from "@/lib/platform/http/route";
import { ROLES } from "@/lib/platform/shared/roles";
import { route } from "@/lib/server/api-route";

export const runtime = "nodejs";

export const PUT = route.owner(
  { roles: ROLES.everyone, body: updatePasswordSchema, response: { 200: messageResponse } },
  async ({ req, ctx, auth, input, locale }) => {
    await updatePassword(ctx, auth, input.body, clientIp(req));
    return message(locale, "passwordUpdated");
  },
);
