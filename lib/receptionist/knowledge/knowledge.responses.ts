// What the knowledge routes answer, as zod schemas for the route declarations' `response` (lib/server/api-route.ts),
// written from lib/receptionist/knowledge/knowledge.service.ts.
import { z } from "zod";

export const knowledgeEntryResponse = z
  .strictObject({
    id: z.string(),
    kind: z
      .enum(["faq", "price", "policy"])
      .describe("faq: a question and its answer; price: a service and its price; policy: a topic and the rule."),
    language: z.enum(["en", "fr", "es"]).describe("The language of the calls it is for."),
    title: z.string().describe("The question, the service, or the policy's topic."),
    details: z.string().describe("The answer, the price as written, or the policy."),
    updatedAt: z.string(),
  })
  .meta({ title: "KnowledgeEntry" });

/** An entry as the API (and the dashboard's page) sees it. */
export type KnowledgeEntry = z.output<typeof knowledgeEntryResponse>;

const callMode = z.enum(["none", "prompt", "tool"]);

export const knowledgeListResponse = z.strictObject({
  entries: z.array(knowledgeEntryResponse),
  modes: z
    .strictObject({ en: callMode, fr: callMode, es: callMode })
    .describe("Per call language: no entries, all of them in the assistant's instructions, or searched during the call (lookup_info)."),
});
