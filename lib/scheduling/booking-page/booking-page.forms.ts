// The booking page's two forms, from the booking route's own schema: the caller's details, then the code texted to
// them. An empty box is said in the page's words to a caller ("Please give your name.") rather than the dashboard's
// "Full name is required"; everything else is the route's rule. Messages are keys of the "Validation" namespace.
import { z } from "zod";
import { bookingConfirmSchema } from "./booking-page.schemas";

const { name, phone, email, smsCode } = bookingConfirmSchema.shape;
const filled = (message: string) => z.string().trim().min(1, message);

export const bookingDetailsFormSchema = z.object({
  name: filled("bookingNameRequired").pipe(name),
  phone: filled("bookingPhoneRequired").pipe(phone),
  email,
});
export type BookingDetails = z.output<typeof bookingDetailsFormSchema>;

export const bookingCodeFormSchema = z.object({ smsCode: filled("bookingCodeRequired").pipe(smsCode) });
