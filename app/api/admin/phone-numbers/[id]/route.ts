import { requireAdmin } from "@/lib/auth/session";
import { idParam } from "@/lib/http/params";
import { message, route } from "@/lib/http/route";
import { deleteNumber } from "@/lib/numbers/numbers.service";
import { appContext } from "@/lib/server/context";

export const runtime = "nodejs";

export const DELETE = route<{ id: string }>(async (req, { params, locale }) => {
  const ctx = appContext();
  const admin = await requireAdmin(ctx.db, ctx.session, req);
  await deleteNumber(ctx.db, ctx.providers.telephony, admin.userId, idParam(params.id, "numberNotFound"), ctx.providers.voice);
  return message(locale, "numberDeleted");
});
