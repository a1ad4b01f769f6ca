// What the API key routes read. Messages are keys of the "Validation" namespace.
import { z } from "zod";
import { API_SCOPES } from "@/lib/platform/shared/integrations";

/** Keys a practice may hold at once: one per tool it connects, with room to spare. */
export const MAX_API_KEYS = 20;

export const createApiKeySchema = z.object({
  name: z.string("required").trim().min(1, "required").max(80, "tooLong"),
  scopes: z
    .array(z.enum(API_SCOPES, "invalid"), "required")
    .min(1, "required")
    .refine((scopes) => new Set(scopes).size === scopes.length, "scopesRepeated"),
  /** The owner's current password: needed unless they signed in within the last ten minutes. */
  password: z.string().max(200, "tooLong").optional(),
});
export type CreateApiKeyInput = z.output<typeof createApiKeySchema>;
