// What the blocklist routes answer, as zod schemas for the route declarations' `response` (lib/server/api-route.ts).
import { z } from "zod";

export const blockedNumberResponse = z
  .strictObject({
    id: z.string(),
    phone: z.string().describe("E.164."),
    reason: z.string().nullable(),
    createdAt: z.iso.datetime({ offset: true }),
  })
  .meta({ title: "BlockedNumber" });

export const blockedNumberListResponse = z.strictObject({ blockedNumbers: z.array(blockedNumberResponse) });
