// What the admin's user routes answer, as zod schemas for the route declarations' `response` (lib/server/api-route.ts),
// written from lib/accounts/admin/admin.service.ts and the profile (lib/accounts/account/accounts.responses.ts).
import { z } from "zod";
import { profileFields, profileResponse } from "@/lib/accounts/account/accounts.responses";
import { aiParametersResponse } from "@/lib/accounts/ai-settings/ai.responses";
import { subscriptionViewFields } from "@/lib/accounts/subscriptions/subscriptions.responses";

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
