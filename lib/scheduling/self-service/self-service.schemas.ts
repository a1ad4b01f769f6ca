// What the self-service routes read: a day to list free times for, and the start to move to.
import { z } from "zod";
import { isCalendarDate } from "@/lib/platform/time/zoned-time";

export const selfServiceSlotsQuerySchema = z.object({
  date: z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, "dateInvalid")
    .refine(isCalendarDate, "dateInvalid"),
});

export const selfServiceMoveSchema = z.object({
  start: z.iso.datetime({ offset: true, error: "dateInvalid" }).transform((v) => new Date(v)),
});
