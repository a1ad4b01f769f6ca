import { updatePassword } from "@/lib/accounts/accounts.service";
import { updatePasswordSchema } from "@/lib/accounts/accounts.schemas";
import { clientIp } from "@/lib/http/client-ip";
import { messageResponse } from "@/lib/http/http.responses";
import { message } from "@/lib/http/route";
import { route } from "@/lib/server/api-route";

export const runtime = "nodejs";

export const PUT = route.owner(
  {
    body: updatePasswordSchema,
    response: { 200: messageResponse },
  },
  async ({ req, ctx, auth, input, locale }) => {
    await updatePassword(ctx, auth, input.body, clientIp(req));
    return message(locale, "passwordUpdated");
  },
);
