// The answers no domain owns (a translated message, a plain success, the probes, the OpenAPI document), as zod schemas
// for the route declarations' `response` (lib/server/api-route.ts).
import { z } from "zod";

/** Every refusal, and the routes whose success is a sentence: one translated message. */
export const messageResponse = z.strictObject({ message: z.string().describe("In the caller's language.") });

export const successResponse = z.strictObject({ success: z.boolean() });

/** A vendor's event taken (or a replay of one, which changes nothing). */
export const receivedResponse = z.strictObject({ received: z.boolean() });

export const healthResponse = z.strictObject({ status: z.enum(["ok", "unavailable"]) });

export const readyResponse = z.strictObject({
  status: z.enum(["ready", "unavailable"]),
  checks: z.strictObject({ database: z.enum(["ok", "failing"]), jobs: z.enum(["ok", "failing"]) }),
});

export const openApiResponse = z
  .looseObject({ openapi: z.literal("3.1.0"), info: z.looseObject({}), paths: z.record(z.string(), z.looseObject({})) })
  .describe("An OpenAPI 3.1 document.");
