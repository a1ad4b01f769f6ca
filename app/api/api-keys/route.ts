import { apiKeyListResponse, createdApiKeyResponse } from "@/lib/accounts/api-keys/api-keys.responses";
import { createApiKeySchema } from "@/lib/accounts/api-keys/api-keys.schemas";
import { createApiKey, listApiKeys } from "@/lib/accounts/api-keys/api-keys.service";
import { clientIp } from "@/lib/platform/http/client-ip";
import { json } from "@/lib/platform/http/route";
import { ROLES } from "@/lib/platform/shared/roles";
import { actorOf, route } from "@/lib/server/api-route";

export const runtime = "nodejs";

/** The practice's API keys, oldest first, without the keys themselves. */
export const GET = route.owner({ roles: ROLES.managers, response: { 200: apiKeyListResponse } }, async ({ ctx, auth }) =>
  json(await listApiKeys(ctx.db, auth.userId)),
);

/** Makes a key for the scopes asked: the key is in this answer and never again (409 past 20 keys). */
export const POST = route.owner(
  { roles: ROLES.managers, body: createApiKeySchema, response: { 201: createdApiKeyResponse } },
  async ({ req, ctx, auth, input }) =>
    json(await createApiKey(ctx, { userId: auth.userId, sessionId: auth.sessionId, clientIp: clientIp(req) }, input.body, actorOf(auth)), {
      status: 201,
    }),
);
