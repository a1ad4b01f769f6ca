// What the self-service routes read: a day to list free times for, and the start to move to.
import { z } from "zod";
import { calendarDaySchema, instantSchema } from "@/lib/platform/time/date-schemas";

export const selfServiceSlotsQuerySchema = z.object({
  date: calendarDaySchema(),
});

export const selfServiceMoveSchema = z.object({
  start: instantSchema(),
});
