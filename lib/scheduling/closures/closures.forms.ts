// The add-closure form's schema: what the form holds (every field a string, the special hours behind a checkbox) read
// into the route's body and checked by the route's own schema, so the form and the server refuse the same things with
// the same words. Messages are keys of the "Validation" namespace.
import { z } from "zod";
import { closureSchema } from "./closures.schemas";

export const closureFormSchema = z
  .object({
    // Asked first, in the closure's own words: "From is required" would not name the field the owner sees.
    from: z.string().trim().min(1, "closureFromRequired"),
    to: z.string(),
    special: z.boolean(),
    openTime: z.string(),
    closeTime: z.string(),
    reason: z.string(),
    practitionerId: z.string(),
  })
  // Special hours ticked: both times are needed (left empty, the day would be sent as closed).
  .superRefine((v, ctx) => {
    if (!v.special) return;
    for (const k of ["openTime", "closeTime"] as const) if (!v[k].trim()) ctx.addIssue({ code: "custom", path: [k], message: "required" });
  })
  // An empty field is one left out: no last day is the first, no hours a closed day, no practitioner the whole practice.
  .transform(({ special, ...v }): z.input<typeof closureSchema> => ({
    from: v.from,
    to: v.to || undefined,
    openTime: special ? v.openTime : undefined,
    closeTime: special ? v.closeTime : undefined,
    reason: v.reason.trim() || undefined,
    practitionerId: v.practitionerId || undefined,
  }))
  .pipe(closureSchema);
export type ClosureForm = z.input<typeof closureFormSchema>;
