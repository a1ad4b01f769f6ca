import { sendPasswordResetLink } from "@/lib/accounts/admin/admin.service";
import { idParam } from "@/lib/platform/http/params";
import { messageResponse } from "@/lib/platform/http/http.responses";
import { message } from "@/lib/platform/http/route";
import { route } from "@/lib/server/api-route";

export const runtime = "nodejs";

export const POST = route.admin(
  {
    params: { id: (id) => idParam(id, "userNotFound") },
    response: { 200: messageResponse },
    description:
      "Emails the account the password reset link its owner can ask for at /forgot-password. Refused for a deactivated account (409).",
  },
  async ({ ctx, auth, params, locale }) => {
    const { email } = await sendPasswordResetLink(ctx, auth.userId, params.id);
    return message(locale, "resetLinkSent", 200, { email });
  },
);
