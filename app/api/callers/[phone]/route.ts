import { json } from "@/lib/platform/http/route";
import { translate } from "@/lib/platform/i18n/translate";
import { eraseCaller } from "@/lib/accounts/privacy/erase";
import { callerErasedResponse } from "@/lib/accounts/privacy/privacy.responses";
import { ROLES } from "@/lib/platform/shared/roles";
import { actorOf, route } from "@/lib/server/api-route";

export const runtime = "nodejs";

/** Erases one caller's data (by phone number, URL-encoded: %2B33…) from the session's business. Idempotent. */
export const DELETE = route.owner(
  { roles: ROLES.managers, params: { phone: safeDecode }, response: { 200: callerErasedResponse } },
  async ({ ctx, auth, params, locale }) => {
    const erased = await eraseCaller(ctx.db, auth.userId, params.phone, actorOf(auth));
    const total = erased.appointments + erased.calls + erased.messages + erased.texts + erased.notifications;
    return json({ message: translate(locale, total ? "Api.callerErased" : "Api.callerNothingHeld"), erased });
  },
);

/** "%2B33…" and "+33…" alike (a client may or may not encode the plus). */
function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
