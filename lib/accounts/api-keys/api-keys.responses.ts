// What the API key routes answer, as zod schemas for the route declarations' `response` (lib/server/api-route.ts).
import { z } from "zod";
import { API_SCOPES } from "@/db/schema/integrations";

const instant = z.iso.datetime({ offset: true });

export const apiKeyResponse = z
  .strictObject({
    id: z.string(),
    name: z.string(),
    prefix: z.string().describe('The key\'s first characters ("rk_" and six more), to tell keys apart.'),
    scopes: z.array(z.enum(API_SCOPES)),
    createdAt: instant,
    lastUsedAt: instant.nullable().describe("When a request last used it, to the minute (null: never)."),
  })
  .meta({ title: "ApiKey" });

export const apiKeyListResponse = z.strictObject({ apiKeys: z.array(apiKeyResponse) });

export const createdApiKeyResponse = apiKeyResponse
  .extend({ key: z.string().describe("The key itself: shown in this answer only, never again.") })
  .meta({ title: "CreatedApiKey" });
