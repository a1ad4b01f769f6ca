// What the call routing routes answer, as zod schemas for the route declarations' `response` (lib/server/api-route.ts).
import { z } from "zod";
import { NUMBER_REFUSALS } from "@/lib/platform/phone/number-kinds";
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
          when: z
            .string()
            .nullable()
            .describe("What the receptionist chooses this one for, in the owner's words; null: anything no other one is for."),
          backup: z
            .number()
            .int()
            .nullable()
            .describe("Index in this list of whom to try when this one does not answer a warm transfer; null: a message is taken."),
        }),
      )
      .describe("When several fit what a caller needs, the first listed is chosen."),
    fallbackPhone: z
      .string()
      .nullable()
      .describe("E.164. Where callers are put through while no destination is listed: the business's phone."),
    country: z.string().describe("The practice's own country (ISO 3166 alpha-2), whose numbers are always served."),
    servedCountries: z.array(z.string()).describe("The other countries (ISO 3166 alpha-2) whose numbers are called and texted."),
    refused: z
      .array(
        z.strictObject({
          position: z.number().int().nullable().describe("Index in `destinations`; null: the business's phone (`fallbackPhone`)."),
          name: z.string(),
          phone: z.string().describe("E.164."),
          reason: z.enum(NUMBER_REFUSALS),
          message: z.string().describe("Why, in the owner's language."),
        }),
      )
      .describe("Saved numbers no call is put through to (premium, satellite, not in a country served…), kept for the owner to fix."),
  })
  .meta({ title: "CallRouting" });
