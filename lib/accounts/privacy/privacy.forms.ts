// The privacy page's forms whose route reads no body: erasing a caller sends the number in the path, where the server
// reads it in the business's country (lib/accounts/privacy/erase.ts). Messages are keys of the "Validation" namespace.
import { z } from "zod";

export const eraseCallerFormSchema = z.object({ phone: z.string().trim().min(1, "callerPhoneRequired") });
