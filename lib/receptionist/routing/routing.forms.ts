// The Transfers page's "other countries served" form: the countries typed on one line ("DE, BE" or "DE BE"), read into
// the list the route takes and checked by the route's own schema. Messages are keys of the "Validation" namespace.
import { z } from "zod";
import { callRoutingSchema } from "./routing.schemas";

export const servedCountriesFormSchema = z.object({
  servedCountries: z
    .string()
    .transform((v) =>
      v
        .split(/[\s,;]+/)
        .map((c) => c.trim())
        .filter(Boolean),
    )
    .pipe(callRoutingSchema.shape.servedCountries.unwrap()),
});
