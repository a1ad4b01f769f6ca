import { takeAttempt } from "@/lib/accounts/auth/rate-limit";
import { clientIp } from "@/lib/platform/http/client-ip";
import { json } from "@/lib/platform/http/route";
import { bookingSlotsResponse } from "@/lib/booking-page/booking-page.responses";
import { bookingSlotsQuerySchema } from "@/lib/booking-page/booking-page.schemas";
import { bookingPageLimits, bookingPageSlots } from "@/lib/booking-page/booking-page.service";
import { route } from "@/lib/server/api-route";

export const runtime = "nodejs";

/** The free times of one day (the business's date) for a service and, in a practice of several, a practitioner. */
export const GET = route.public(
  { params: { slug: (s) => s }, query: bookingSlotsQuerySchema, response: { 200: bookingSlotsResponse } },
  async ({ req, ctx, params, input }) => {
    await takeAttempt(ctx.db, bookingPageLimits(clientIp(req)));
    return json(await bookingPageSlots(ctx.bookingPage, params.slug, input.query), { headers: { "cache-control": "no-store" } });
  },
);
