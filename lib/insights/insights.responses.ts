// What GET /api/insights answers, as a zod schema for the route declaration's `response` (lib/server/api-route.ts),
// written from lib/insights/insights.service.ts.
import { z } from "zod";
import { REQUEST_CATEGORIES } from "@/db/schema";

const count = z.number().int().min(0);
const ms = z.number().int().min(0);
const changes = z.strictObject({ booked: count, rescheduled: count, cancelled: count });
const attendance = z.strictObject({
  total: count,
  confirmed: count.describe("Confirmed by the caller, by phone or by text."),
  marked: count.describe("Marked by the practice as come or not come."),
  noShows: count.describe("Marked as not come."),
});

// Try calls (the owner's own, on the Try page) are in none of these figures, as they are in no usage.
export const insightsResponse = z
  .strictObject({
    from: z.string().describe("YYYY-MM-DD, the first local day of the period."),
    to: z.string().describe("YYYY-MM-DD, the last local day, included."),
    timeZone: z.string().describe("The business's zone: days and hours are its local ones."),
    totals: z.strictObject({
      calls: count,
      answered: count.describe("Answered in opening hours (working hours and closures as set now)."),
      afterHours: count.describe("Answered outside opening hours."),
      abandoned: count.describe("Hung up within 10 seconds with nothing done, failed, or never reported as ended."),
      booked: count.describe("Answered calls that booked an appointment: the booked of conversionRate and of bookingSuccess alike."),
      averageSeconds: z.number().int().nullable().describe("Mean length of the answered calls."),
      conversionRate: z.number().min(0).max(1).nullable().describe("booked / answered calls (in and after hours)."),
      minutes: count.describe("Seconds of the period's calls summed, rounded up to the minute."),
    }),
    days: z.array(z.strictObject({ date: z.string(), answered: count, afterHours: count, abandoned: count })),
    outcomes: z.strictObject({ booked: count, rescheduled: count, cancelled: count, message: count, no_action: count }),
    bookings: z
      .strictObject({ phone: changes, dashboard: changes, page: changes, waitlist: changes, recall: changes, selfService: changes })
      .describe(
        "Appointments booked, moved and cancelled in the period, by channel: a call, the dashboard, the booking page, a waitlist offer taken, the booking page opened from a recall text, and selfService (the caller, by the link or a text).",
      ),
    practitioners: z
      .array(z.strictObject({ id: z.string(), name: z.string(), booked: count, rescheduled: count, cancelled: count }))
      .describe("Appointments booked, moved and cancelled in the period, by who they are with, in the practice's order."),
    hours: z.array(z.array(count)).describe("Seven rows, Monday first, of 24 local hours: the calls started then."),
    topReasons: z
      .array(z.strictObject({ reason: z.string(), count }))
      .describe("The reasons most often given for appointments booked by phone."),
    requests: z
      .array(z.strictObject({ category: z.enum(REQUEST_CATEGORIES), count }))
      .describe(
        "Requests the receptionist took, by category: the business's kind's categories in order (another category's requests count as other).",
      ),
    bookingSuccess: z
      .strictObject({
        wanted: count.describe("Calls during which the receptionist checked availability or booked: the caller wanted an appointment."),
        booked: count.describe("Of those, the calls that ended with an appointment booked (totals.booked)."),
      })
      .describe("Booking success is booked / wanted (none without a call that wanted one)."),
    toolCalls: z
      .strictObject({
        count: count.describe("The receptionist's tool calls (checking availability, booking, taking a message…) answered in the period."),
        p50Ms: ms.nullable().describe("Median time our webhook took to answer one, in milliseconds; null without any."),
        p95Ms: ms.nullable().describe("95th percentile of that time, in milliseconds; null without any."),
      })
      .describe("How fast we answered the receptionist's tool calls during calls."),
    reminderCalls: z
      .strictObject({
        placed: count.describe("Reminder calls placed in the period (a call tried twice counts once)."),
        confirmed: count.describe("Of those, the callee confirmed they will come."),
        cancelled: count.describe("Of those, the callee cancelled the appointment (its time offered to the waitlist)."),
        rescheduled: count.describe("Of those, the callee moved it."),
        undecided: count.describe("Of those, nobody decided: voicemail, no answer, busy, failed, or answered without a decision."),
        appointments: z
          .strictObject({ withCall: attendance, withoutCall: attendance })
          .describe(
            "The period's appointments with a reminder call placed and without one: how many of each were confirmed, and of those the practice marked came or not, the no-shows.",
          ),
      })
      .describe("What reminder calls did in the period."),
    usage: z
      .strictObject({ periodStart: z.string(), periodEnd: z.string(), calls: count, minutes: count })
      .describe("The current billing period (the calendar month without a subscription), whatever the period asked."),
  })
  .meta({ title: "Insights" });

const usageFields = {
  periodStart: z.string().describe("The current billing period's start (the calendar month's without a subscription)."),
  periodEnd: z.string(),
  calls: z.number().int().min(0),
  minutes: z.number().int().min(0).describe("Seconds of the period's calls summed, rounded up to the minute."),
};

export const accountUsageResponse = z
  .strictObject({
    ...usageFields,
    alertMinutes: z.number().int().nullable().describe("The owner's limit: an email at 80% and at 100% of it; null: none."),
  })
  .meta({ title: "AccountUsage" });

export const adminUsageResponse = z.strictObject({
  usage: z.record(z.string(), z.strictObject(usageFields)).describe("Per account id: calls and minutes this billing period."),
});
