import { z } from "zod";
import { emailSchema } from "@/lib/accounts/account/accounts.schemas";
import { locales } from "@/lib/platform/i18n/routing";

export const sandboxCheckoutSchema = z.object({
  email: emailSchema,
  // Stripe keeps only letters, digits, "-" and "_" (at most 200); anything else is dropped, as Stripe drops it.
  clientReferenceId: z
    .string()
    .nullish()
    .transform((v) => (v && /^[A-Za-z0-9_-]{1,200}$/.test(v) ? v : null)),
  locale: z.enum(locales).default("en"),
});

/** The sandbox checkout page's form: the address alone (the reference and the language come with the page). */
export const sandboxCheckoutFormSchema = sandboxCheckoutSchema.pick({ email: true });
