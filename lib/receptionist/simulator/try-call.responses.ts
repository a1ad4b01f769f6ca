// What the owner's test call answers, as zod schemas for the route declarations' `response` (lib/server/api-route.ts),
// written from try-call.ts.
import { z } from "zod";

const language = z.enum(["en", "fr", "es"]);

export const tryReadinessResponse = z.strictObject({
  ready: z.boolean(),
  missing: z.array(z.enum(["number", "calendar", "subscription", "account"])).describe("What the owner must set up first."),
});

export const tryStepResponse = z.strictObject({
  state: z.looseObject({ v: z.literal(1), callId: z.string() }).describe("The conversation so far: sent back as is with the next step."),
  reply: z.string().describe("What the receptionist says."),
  ended: z.boolean(),
  language,
  line: z.string(),
  caller: z.string(),
});
