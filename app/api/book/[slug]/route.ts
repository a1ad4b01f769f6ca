import { takeAttempt } from "@/lib/accounts/auth/rate-limit";
import { clientIp } from "@/lib/platform/http/client-ip";
import { json } from "@/lib/platform/http/route";
import { bookingConfirmedResponse, bookingPageViewResponse } from "@/lib/booking-page/booking-page.responses";
import { bookingConfirmSchema } from "@/lib/booking-page/booking-page.schemas";
import { bookFromPage, bookingPageLimits, bookingPageView } from "@/lib/booking-page/booking-page.service";
import { route } from "@/lib/server/api-route";

export const runtime = "nodejs";

/** The practice's booking page: its services, its practitioners and where it is (404 while the page is off). */
export const GET = route.public(
  { params: { slug: (s) => s }, response: { 200: bookingPageViewResponse } },
  async ({ req, ctx, params }) => {
    await takeAttempt(ctx.db, bookingPageLimits(clientIp(req)));
    return json(await bookingPageView(ctx.bookingPage, params.slug), { headers: { "cache-control": "no-store" } });
  },
);

/**
 * Books a free time with the code texted to the caller's number: a wrong or expired code, a number other than the one
 * the code went to, or a time taken meanwhile is refused, and nothing is booked.
 */
export const POST = route.public(
  { params: { slug: (s) => s }, body: bookingConfirmSchema, response: { 201: bookingConfirmedResponse } },
  async ({ req, ctx, params, input, locale }) => {
    await takeAttempt(ctx.db, bookingPageLimits(clientIp(req)));
    return json(await bookFromPage(ctx.bookingPage, params.slug, input.body, input.body.language ?? locale), { status: 201 });
  },
);
