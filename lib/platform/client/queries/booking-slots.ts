const all = ["booking-slots"] as const;
/** The public booking page's free times: a day's, for a service and a practitioner when chosen. */
export const bookingSlotKeys = {
  all,
  day: (slug: string, date: string, service: string, practitioner: string) => [...all, "day", slug, date, service, practitioner] as const,
};
