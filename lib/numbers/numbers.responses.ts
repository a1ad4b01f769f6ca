// What the phone-number routes answer (the owner's claim, the admin's pool), as zod schemas for the route declarations'
// `response` (lib/server/api-route.ts), written from lib/numbers/numbers.service.ts.
import { z } from "zod";

const instant = z.iso.datetime({ offset: true });

export const claimedNumberResponse = z.strictObject({ phoneNumber: z.string().describe("E.164.") });

export const availableNumbersResponse = z.strictObject({
  phoneNumbers: z.array(z.strictObject({ id: z.string(), phoneNumber: z.string(), region: z.string() })),
});

export const numberPoolResponse = z.strictObject({
  phoneNumbers: z.array(
    z
      .strictObject({
        id: z.string(),
        phoneNumber: z.string(),
        region: z.string(),
        isAssigned: z.boolean(),
        assignedToUserId: z.string().nullable(),
        assignedToUserName: z.string().nullable(),
        status: z.string(),
        createdAt: instant,
        phoneNumberType: z.string(),
      })
      .meta({ title: "PoolNumber" }),
  ),
});

export const assignedNumberResponse = z.strictObject({ phoneNumber: z.string(), userId: z.string() });
