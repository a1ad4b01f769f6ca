// The browser forms' schemas: the API's own schemas plus what only a form has (a password confirmation). Messages are
// keys of the "Validation" namespace; components/forms/use-error-text.ts turns them into the user's language.
import { z } from "zod";
import {
  completeSetupSchema,
  emailSchema,
  forgotPasswordSchema,
  fullNameSchema,
  loginSchema,
  newPasswordSchema,
  phoneSchema,
  registerSchema,
  updateProfileSchema,
  workingHoursSchema,
} from "./accounts.schemas";

const confirmed = <T extends { password: string; confirmPassword: string }>(v: T, ctx: z.RefinementCtx) => {
  if (v.password !== v.confirmPassword) ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: "passwordsMismatch" });
};

export const loginFormSchema = loginSchema.extend({ email: z.string().trim().min(1, "required").pipe(z.email("emailInvalid")) });

export const registerFormSchema = registerSchema.extend({ confirmPassword: z.string() }).superRefine(confirmed);
export type RegisterFormInput = z.input<typeof registerFormSchema>;

export const setupPasswordFormSchema = z
  .object({ password: completeSetupSchema.shape.password, confirmPassword: z.string() })
  .superRefine(confirmed);

export const forgotPasswordFormSchema = forgotPasswordSchema;

/** The reset page's form: the new password twice (the token comes from the link, not the form). */
export const resetPasswordFormSchema = z.object({ password: newPasswordSchema, confirmPassword: z.string() }).superRefine(confirmed);

/** The setup step's profile payload; the email is shown read-only, so it is not part of the form. */
export const setupProfileFormSchema = updateProfileSchema
  .pick({
    phone: true,
    businessName: true,
    businessType: true,
    specialty: true,
    businessSize: true,
    businessAddress: true,
    timeZone: true,
    appointmentDuration: true,
    services: true,
    aiInstructions: true,
  })
  .extend({ fullName: fullNameSchema });

export const workingHoursFormSchema = z.object({ workingHours: workingHoursSchema });

/** Dashboard "Personal information" (full name and email required, phone optional). */
export const profileFormSchema = z.object({ fullName: fullNameSchema, email: emailSchema, phone: phoneSchema });

/** Dashboard password change (current, new and confirmation all required; at least 8; confirmation matches). */
export const passwordChangeFormSchema = z
  .object({
    oldPassword: z.string().min(1, "required").max(200),
    newPassword: newPasswordSchema,
    confirmPassword: z.string().min(1, "required"),
  })
  .superRefine((v, ctx) => {
    if (v.confirmPassword && v.newPassword !== v.confirmPassword)
      ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: "passwordsMismatch" });
  });

/** Dashboard "Business information"; the specialty only counts for a medical business. */
export const businessFormSchema = updateProfileSchema.pick({
  businessName: true,
  businessType: true,
  specialty: true,
  businessSize: true,
  businessAddress: true,
  timeZone: true,
  serviceFrequency: true,
  services: true,
  aiInstructions: true,
});

/** Dashboard "Working hours": the appointment duration, online changes, how confirmations go, and the week. */
export const scheduleFormSchema = z.object({
  appointmentDuration: updateProfileSchema.shape.appointmentDuration.unwrap(),
  selfServiceCutoffHours: updateProfileSchema.shape.selfServiceCutoffHours.unwrap(),
  confirmationChannel: updateProfileSchema.shape.confirmationChannel.unwrap(),
  clockFormat: updateProfileSchema.shape.clockFormat.unwrap(),
  workingHours: workingHoursSchema,
});

/** The profile's settings: the account's language and the business's time zone, both required there. */
export const accountSettingsFormSchema = updateProfileSchema.pick({ locale: true, timeZone: true }).required();
