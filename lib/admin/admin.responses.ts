// What the admin's user routes answer, as zod schemas for the route declarations' `response` (lib/server/api-route.ts),
// written from lib/admin/admin.service.ts and the profile (lib/accounts/accounts.responses.ts).
import { z } from "zod";
import { profileFields, profileResponse } from "@/lib/accounts/accounts.responses";
import { aiParametersResponse } from "@/lib/ai/ai.responses";
import { subscriptionViewFields } from "@/lib/subscriptions/subscriptions.responses";

const instant = z.iso.datetime({ offset: true });

export const userListResponse = z.strictObject({ users: z.array(profileResponse) });

export const userDetailsResponse = z.strictObject({ ...profileFields, aiParameters: aiParametersResponse.nullable() });

export const userSubscriptionResponse = z.strictObject({
  ...subscriptionViewFields,
  billing: z
    .strictObject({
      provider: z.string(),
      status: z.string(),
      trialEndsAt: instant.nullable(),
      currentPeriodEnd: instant.nullable(),
      cancelAtPeriodEnd: z.boolean(),
      endedAt: instant.nullable(),
      lastPaymentFailedAt: instant.nullable(),
      numberReleasedAt: instant.nullable(),
    })
    .nullable()
    .describe("The billing record as stored; null when the account never had one."),
});
