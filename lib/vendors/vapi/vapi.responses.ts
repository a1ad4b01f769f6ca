// What our server URL answers Vapi, as a zod schema for the route declaration's `response` (lib/server/api-route.ts),
// written from webhook.ts.
import { z } from "zod";

const toolResult = z.strictObject({
  toolCallId: z.string(),
  name: z.string(),
  result: z.string().optional(),
  error: z.string().optional(),
});

/** Vapi's answer, by the message's type: an assistant, tool results, an error to speak, or nothing ({}). */
export const vapiAnswerResponse = z.strictObject({
  assistant: z.looseObject({}).optional(),
  results: z.array(toolResult).optional(),
  error: z.string().optional(),
});
