// What the calendar feed's routes answer, written from calendar-feed.service.ts.
import { z } from "zod";

export const calendarFeedResponse = z
  .strictObject({
    url: z
      .string()
      .describe("The feed's private address (…/api/calendar-feed/<token>.ics): anyone who has it sees the appointments it lists."),
  })
  .meta({ title: "CalendarFeed" });

/** The feed itself: an iCalendar document, not the API's JSON. */
export const calendarFeedIcsResponse = { "text/calendar": null } as const;
