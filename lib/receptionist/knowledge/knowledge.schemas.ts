// What the knowledge routes read: an entry the receptionist may tell callers. Messages are keys of the "Validation"
// namespace.
import { z } from "zod";

export const KNOWLEDGE_KINDS = ["faq", "price", "policy"] as const;
export const KNOWLEDGE_LANGUAGES = ["en", "fr", "es"] as const;
export const TITLE_MAX = 200;
export const BODY_MAX = 2000;
/** Entries per business: far more than a practice writes, few enough to list on one page. */
export const MAX_ENTRIES = 500;

const title = z.string("required").trim().min(1, "required").max(TITLE_MAX, "tooLong");
const details = z.string("required").trim().min(1, "required").max(BODY_MAX, "tooLong");

export const knowledgeEntrySchema = z.object({
  kind: z.enum(KNOWLEDGE_KINDS, "knowledgeKindUnknown"),
  language: z.enum(KNOWLEDGE_LANGUAGES, "knowledgeLanguageUnknown"),
  title,
  details,
});
export type KnowledgeInput = z.output<typeof knowledgeEntrySchema>;

export const knowledgeUpdateSchema = knowledgeEntrySchema.partial();
export type KnowledgeUpdate = z.output<typeof knowledgeUpdateSchema>;
