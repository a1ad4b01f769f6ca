// What the API answers about an account's subscription (lib/accounts/subscriptions/subscription-status.ts: deriveSubscription),
// as zod schemas for the route declarations' `response` (lib/server/api-route.ts): the OpenAPI document, docs/API.md
// and the integration tests' check of every answer are written from them.
import { z } from "zod";

const instant = z.iso.datetime({ offset: true });

/** The fields every answer about a subscription carries (the profile's, the trial start's, a claim's). */
export const subscriptionViewFields = {
  subscriptionType: z.enum(["subscribed", "trial"]).nullable().describe("Null: never subscribed."),
  subscription: z
    .strictObject({
      status: z.boolean().describe("True while the subscription or trial is live."),
      startTime: instant.nullable(),
      endTime: instant.nullable(),
    })
    .nullable(),
};

export const subscriptionViewResponse = z.strictObject(subscriptionViewFields);
