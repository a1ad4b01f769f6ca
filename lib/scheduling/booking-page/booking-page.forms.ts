// The booking page settings form's schema: the route's own, the address typed in a text field. Messages are keys of
// the "Validation" namespace.
import { z } from "zod";
import { bookingPageSettingsSchema } from "./booking-page.schemas";

export const bookingPageFormSchema = bookingPageSettingsSchema.extend({
  // Left empty, the address is not sent: the page keeps the one it has (a new page takes the business's name).
  slug: z
    .string()
    .transform((s) => s.trim() || undefined)
    .pipe(bookingPageSettingsSchema.shape.slug),
});
