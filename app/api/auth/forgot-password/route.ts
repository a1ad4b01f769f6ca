import { forgotPasswordSchema } from "@/lib/accounts/account/accounts.schemas";
import { requestPasswordReset } from "@/lib/accounts/account/password-reset";
import { clientIp } from "@/lib/platform/http/client-ip";
import { messageResponse } from "@/lib/platform/http/http.responses";
import { message } from "@/lib/platform/http/route";
import { route } from "@/lib/server/api-route";

export const runtime = "nodejs";

export const POST = route.public(
  {
    body: forgotPasswordSchema,
    response: { 200: messageResponse },
    description:
      "The same answer whether the email has an account or not. An active account is emailed a single-use link to /reset-password/{token}, valid for an hour; requesting again ends the earlier links. Limited per email and per client address (429).",
  },
  async ({ req, ctx, input, locale }) => {
    await requestPasswordReset(ctx, input.body.email, clientIp(req));
    return message(locale, "resetLinkRequested");
  },
);
