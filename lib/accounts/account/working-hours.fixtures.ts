// Working hours the tests share: a Spanish-style day, 09:00–14:00, closed for lunch, then 16:00–20:00.
import type { DayHours } from "@/db/schema";

export const LUNCH_BREAK_DAY = {
  isOpen: true,
  openTime: "09:00",
  closeTime: "20:00",
  ranges: [
    { openTime: "09:00", closeTime: "14:00" },
    { openTime: "16:00", closeTime: "20:00" },
  ],
} satisfies DayHours;
