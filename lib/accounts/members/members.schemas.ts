// The team's requests: an invitation, a change of role, the invitee's answer, a switch of practice. Shared by the API
// routes and the Team page's and join page's forms. Messages are keys of the "Validation" namespace.
import { z } from "zod";
import { MEMBER_ROLES } from "@/lib/platform/shared/roles";
import { emailSchema, fullNameSchema, newPasswordSchema } from "@/lib/accounts/account/accounts.schemas";

const role = z.enum(MEMBER_ROLES, "roleInvalid");
const practitionerId = z.uuid("practitionerInvalid").nullish();

/** A practitioner member is one of the practice's practitioners; the other roles are nobody's in particular. */
const withPractitioner = <T extends { role: (typeof MEMBER_ROLES)[number]; practitionerId?: string | null }>(
  v: T,
  ctx: z.RefinementCtx,
) => {
  if (v.role === "practitioner" && !v.practitionerId)
    ctx.addIssue({ code: "custom", path: ["practitionerId"], message: "practitionerRequired" });
};

export const inviteMemberSchema = z.object({ email: emailSchema, role, practitionerId }).superRefine(withPractitioner);
export type InviteMemberInput = z.infer<typeof inviteMemberSchema>;

export const updateMemberSchema = z.object({ role, practitionerId }).superRefine(withPractitioner);
export type UpdateMemberInput = z.infer<typeof updateMemberSchema>;

/**
 * The invitee's answer. Someone with no account here chooses a name and a password; someone who already has one signs
 * in with its password (their name stays theirs).
 */
export const acceptInvitationSchema = z.object({
  token: z.string().min(1).max(200),
  password: newPasswordSchema,
  /** Needed when the email has no account here yet. */
  fullName: fullNameSchema.optional(),
});
export type AcceptInvitationInput = z.infer<typeof acceptInvitationSchema>;

/** The practice a session works in: the person's own account, or one they are a member of. */
export const switchPracticeSchema = z.object({ businessId: z.uuid("practiceInvalid") });

/** The join page's form: the name is asked only of someone with no account here yet. */
export const joinFormSchema = z
  .object({ fullName: z.string().optional(), password: newPasswordSchema, hasAccount: z.boolean() })
  .superRefine((v, ctx) => {
    if (!v.hasAccount && !fullNameSchema.safeParse(v.fullName ?? "").success)
      ctx.addIssue({ code: "custom", path: ["fullName"], message: "fullNameRequired" });
  });
