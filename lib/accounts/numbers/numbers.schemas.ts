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

/** A number an administrator adds to the pool, in international form ("+33 9 72 12 34 56"); spaces and dashes are fine. */
export const addPoolNumberSchema = z.strictObject({ phoneNumber: z.string().trim().min(1, "poolNumberRequired").max(32) });

export type AddPoolNumber = z.output<typeof addPoolNumberSchema>;

/** A free number of the pool an administrator assigns to a user's business, as the pool lists it. */
export const assignNumberSchema = z.object({ phoneNumber: z.string().trim().min(1, "phoneNumberRequired").max(32) });
