import { deleteClosure } from "@/lib/scheduling/closures/closures.service";
import { messageResponse } from "@/lib/platform/http/http.responses";
import { idParam } from "@/lib/platform/http/params";
import { message } from "@/lib/platform/http/route";
import { ROLES } from "@/lib/platform/shared/roles";
import { ownPractitioner, route } from "@/lib/server/api-route";

export const runtime = "nodejs";

export const DELETE = route.owner(
  { roles: ROLES.everyone, params: { id: (id) => idParam(id, "closureNotFound") }, response: { 200: messageResponse } },
  async ({ ctx, auth, params, locale }) => {
    await deleteClosure(ctx.db, auth.userId, params.id, ownPractitioner(auth));
    return message(locale, "closureDeleted");
  },
);
