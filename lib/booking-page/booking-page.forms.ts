// The booking page's forms, from the routes' own schemas: the owner's settings (the address typed in a text field),
// and the caller's details then the code texted to them. A caller's empty box is said in the page's words ("Please give
// your name.") rather than the dashboard's "Full name is required"; everything else is the route's rule. Messages are
// keys of the "Validation" namespace.
import { z } from "zod";
import { bookingConfirmSchema, bookingPageSettingsSchema } from "./booking-page.schemas";

export const bookingPageFormSchema = bookingPageSettingsSchema.extend({
  // Left empty, the address is not sent: the page keeps the one it has (a new page takes the business's name).
  slug: z
    .string()
    .transform((s) => s.trim() || undefined)
    .pipe(bookingPageSettingsSchema.shape.slug),
});

const { name, phone, email, smsCode, callConsent } = bookingConfirmSchema.shape;
const filled = (message: string) => z.string().trim().min(1, message);

export const bookingDetailsFormSchema = z.object({
  name: filled("bookingNameRequired").pipe(name),
  phone: filled("bookingPhoneRequired").pipe(phone),
  email,
  // The "you may call me the day before" box, unticked unless the caller ticks it.
  callConsent,
});
export type BookingDetails = z.output<typeof bookingDetailsFormSchema>;

export const bookingCodeFormSchema = z.object({ smsCode: filled("bookingCodeRequired").pipe(smsCode) });
