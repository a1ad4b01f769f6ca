import { requireUser } from "@/lib/auth/session";
import { json, route } from "@/lib/http/route";
import { translate } from "@/lib/i18n/translate";
import { eraseCaller } from "@/lib/privacy/erase";
import { appContext } from "@/lib/server/context";

export const runtime = "nodejs";

/** Erases one caller's data (by phone number, URL-encoded: %2B33…) from the session's business. Idempotent. */
export const DELETE = route<{ phone: string }>(async (req, { params, locale }) => {
  const ctx = appContext();
  const auth = await requireUser(ctx.db, ctx.session, req);
  const erased = await eraseCaller(ctx.db, auth.userId, safeDecode(params.phone));
  const total = erased.appointments + erased.calls + erased.messages + erased.notifications;
  return json({ message: translate(locale, total ? "Api.callerErased" : "Api.callerNothingHeld"), erased });
});

/** "%2B33…" and "+33…" alike (a client may or may not encode the plus). */
function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
