import { revokeApiKey } from "@/lib/accounts/api-keys/api-keys.service";
import { messageResponse } from "@/lib/platform/http/http.responses";
import { idParam } from "@/lib/platform/http/params";
import { message } from "@/lib/platform/http/route";
import { ROLES } from "@/lib/platform/shared/roles";
import { actorOf, route } from "@/lib/server/api-route";

export const runtime = "nodejs";

/** Revokes (deletes) the key: the next request with it is refused. */
export const DELETE = route.owner(
  { roles: ROLES.managers, params: { id: (id: string) => idParam(id, "apiKeyNotFound") }, response: { 200: messageResponse } },
  async ({ ctx, auth, params, locale }) => {
    await revokeApiKey(ctx.db, auth.userId, params.id, actorOf(auth));
    return message(locale, "apiKeyRevoked");
  },
);
