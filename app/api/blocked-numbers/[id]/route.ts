import { unblockNumber } from "@/lib/receptionist/screening/blocked-numbers.service";
import { messageResponse } from "@/lib/platform/http/http.responses";
import { idParam } from "@/lib/platform/http/params";
import { message } from "@/lib/platform/http/route";
import { ROLES } from "@/lib/platform/shared/roles";
import { route } from "@/lib/server/api-route";

export const runtime = "nodejs";

export const DELETE = route.owner(
  { roles: ROLES.frontDesk, params: { id: (id: string) => idParam(id, "blockedNumberNotFound") }, response: { 200: messageResponse } },
  async ({ ctx, auth, params, locale }) => {
    await unblockNumber(ctx.db, auth.userId, params.id);
    return message(locale, "numberUnblocked");
  },
);
