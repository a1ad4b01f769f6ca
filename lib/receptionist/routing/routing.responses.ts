// What the call routing routes answer, as zod schemas for the route declarations' `response` (lib/server/api-route.ts).
import { z } from "zod";
import { TRANSFER_HOURS } from "./routing.schemas";

export const callRoutingResponse = z
  .strictObject({
    warmTransfer: z.boolean().describe("The person reached hears a summary of the call before the caller is put through."),
    hours: z.enum(TRANSFER_HOURS).describe("Put through during opening hours only, or at any hour."),
    destinations: z
      .array(
        z.strictObject({
          name: z.string(),
          phone: z.string().describe("E.164."),
          when: z.string().nullable().describe("When the receptionist chooses this one, in the owner's words."),
        }),
      )
      .describe("Tried in this order when one does not answer."),
    fallbackPhone: z
      .string()
      .nullable()
      .describe("E.164. Where callers are put through while no destination is listed: the business's phone."),
  })
  .meta({ title: "CallRouting" });
