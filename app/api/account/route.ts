import { clearSessionCookieHeader } from "@/lib/accounts/auth/session";
import { JOB_SCHEMA } from "@/lib/platform/jobs/queue";
import { clientIp } from "@/lib/platform/http/client-ip";
import { json } from "@/lib/platform/http/route";
import { eraseAccount } from "@/lib/accounts/privacy/erase";
import { ROLES } from "@/lib/platform/shared/roles";
import { route } from "@/lib/server/api-route";
import { translate } from "@/lib/platform/i18n/translate";
import { accountErasedResponse } from "@/lib/accounts/privacy/privacy.responses";
import { eraseAccountSchema } from "@/lib/accounts/privacy/privacy.schemas";

export const runtime = "nodejs";

/** Right to erasure: the session's account, its business and its callers' data, then the cookie is cleared. */
export const DELETE = route.owner(
  { roles: ROLES.owner, body: eraseAccountSchema, response: { 200: accountErasedResponse } },
  async ({ req, ctx, auth, input, locale }) => {
    const { password } = input.body;
    const { billing, calendar, voice, telephony } = ctx.providers;
    const deps = { db: ctx.db, secrets: ctx.secrets, billing, calendar, voice, telephony, jobSchema: JOB_SCHEMA };
    const erased = await eraseAccount(deps, auth, {
      password: password || undefined,
      clientIp: clientIp(req),
    });
    return json(
      { message: translate(locale, "Api.accountErased"), erased },
      { headers: { "set-cookie": clearSessionCookieHeader(ctx.session) } },
    );
  },
);
