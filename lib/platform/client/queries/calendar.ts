import type { QueryClient } from "@tanstack/react-query";

const all = ["calendar"] as const;
export const calendarKeys = {
  all,
  /** The sandboxed calendar service's events. */
  events: () => [...all, "events"] as const,
  /** A calendar feed's address: the practice's (no id) or one practitioner's. */
  feed: (practitionerId?: string) => [...all, "feed", practitionerId ?? "practice"] as const,
};

/** A feed's address reset (or perhaps revoked by a reset that failed half-way). */
export const invalidateCalendarFeed = (qc: QueryClient, practitionerId?: string) =>
  qc.invalidateQueries({ queryKey: calendarKeys.feed(practitionerId) });
