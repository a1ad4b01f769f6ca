// What the phone-number routes answer (the owner's claim, the admin's pool), as zod schemas for the route declarations'
// `response` (lib/server/api-route.ts), written from lib/accounts/numbers/numbers.service.ts.
import { z } from "zod";

const instant = z.iso.datetime({ offset: true });

export const claimedNumberResponse = z.strictObject({ phoneNumber: z.string().describe("E.164.") });

export const availableNumbersResponse = z.strictObject({
  phoneNumbers: z.array(z.strictObject({ id: z.string(), phoneNumber: z.string(), region: z.string() })),
});

const poolNumber = z
  .strictObject({
    id: z.string(),
    phoneNumber: z.string(),
    region: z.string().describe("The number's country (ISO 3166-1 alpha-2)."),
    isAssigned: z.boolean(),
    assignedToUserId: z.string().nullable(),
    assignedToUserName: z.string().nullable(),
    status: z.string(),
    createdAt: instant,
    phoneNumberType: z.string(),
  })
  .meta({ title: "PoolNumber" });

export const numberPoolResponse = z.strictObject({
  phoneNumbers: z.array(poolNumber),
  countries: z.array(z.string()).describe("The countries (ISO 3166-1 alpha-2) the whole pool has numbers of, whatever the filter."),
});

/** A number an administrator added to the pool: free and active. */
export const addedPoolNumberResponse = poolNumber;

export const assignedNumberResponse = z.strictObject({ phoneNumber: z.string(), userId: z.string() });
