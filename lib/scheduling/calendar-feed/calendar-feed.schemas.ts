// What the calendar feed's owner routes read: whose feed (the practice's, or one practitioner's).
import { z } from "zod";

export const calendarFeedQuerySchema = z.object({
  practitionerId: z
    .uuid("practitionerInvalid")
    .optional()
    .describe("One practitioner's feed (GET /api/practitioners); left out: the practice's, every practitioner's appointments."),
});
