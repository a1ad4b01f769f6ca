// What the team's routes answer (written from what members.service.ts returns).
import { z } from "zod";
import { PRACTICE_ROLES } from "@/lib/platform/shared/roles";

export const memberResponse = z.strictObject({
  id: z.string(),
  email: z.string(),
  name: z.string().nullable().describe("Null until the invitation is accepted."),
  role: z.enum(PRACTICE_ROLES),
  status: z.enum(["invited", "active"]),
  practitionerId: z.string().nullable(),
  invitedAt: z.string().nullable().describe("When the pending invitation was sent (null for the owner and members who joined)."),
  expiresAt: z.string().nullable().describe("When the pending invitation's link stops working."),
});
export type MemberView = z.infer<typeof memberResponse>;

export const memberListResponse = z.strictObject({ members: z.array(memberResponse) });

export const practiceResponse = z.strictObject({
  businessId: z.string(),
  name: z.string().describe("The practice's name, or its owner's when it has none yet."),
  role: z.enum(PRACTICE_ROLES),
  current: z.boolean(),
});
export const practiceListResponse = z.strictObject({ practices: z.array(practiceResponse) });

export const invitationResponse = z.strictObject({
  email: z.string(),
  practice: z.string(),
  role: z.enum(PRACTICE_ROLES),
  hasAccount: z.boolean().describe("The email already signs in here: the invitee confirms with that account's password."),
});
