import { messageResponse } from "@/lib/platform/http/http.responses";
import { idParam } from "@/lib/platform/http/params";
import { message } from "@/lib/platform/http/route";
import { deleteNumber } from "@/lib/accounts/numbers/numbers.service";
import { route } from "@/lib/server/api-route";

export const runtime = "nodejs";

export const DELETE = route.admin(
  {
    params: { id: (id) => idParam(id, "numberNotFound") },
    response: { 200: messageResponse },
  },
  async ({ ctx, auth, params, locale }) => {
    await deleteNumber(ctx.db, ctx.providers.telephony, auth.userId, params.id, ctx.providers.voice);
    return message(locale, "numberDeleted");
  },
);
