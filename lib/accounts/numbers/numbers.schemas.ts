import { z } from "zod";

/**
 * The admin pool's query string: `?country=FR` lists that country's numbers only (ISO 3166-1 alpha-2, any case); an
 * empty parameter is no filter.
 */
export const poolQuerySchema = z.object({
  country: z.preprocess(
    (v) => (typeof v === "string" ? v.trim().toUpperCase() || undefined : v),
    z
      .string()
      .regex(/^[A-Z]{2}$/)
      .optional(),
  ),
});

export type PoolQuery = z.output<typeof poolQuerySchema>;
