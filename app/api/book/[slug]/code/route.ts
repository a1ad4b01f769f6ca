import { takeAttempt } from "@/lib/accounts/auth/rate-limit";
import { clientIp } from "@/lib/platform/http/client-ip";
import { json } from "@/lib/platform/http/route";
import { bookingCodeResponse } from "@/lib/booking-page/booking-page.responses";
import { bookingCodeSchema } from "@/lib/booking-page/booking-page.schemas";
import { bookingPageLimits, sendBookingCode } from "@/lib/booking-page/booking-page.service";
import { route } from "@/lib/server/api-route";

export const runtime = "nodejs";

/**
 * Texts a six-digit code to the caller's number, in the page's language: nothing is booked on this page until it is
 * read back. The wait between codes grows per client address and per number, and a page past its daily cap texts only
 * addresses that asked few codes today (a 429 with Retry-After says how long to wait).
 */
export const POST = route.public(
  { params: { slug: (s) => s }, body: bookingCodeSchema, response: { 202: bookingCodeResponse } },
  async ({ req, ctx, params, input, locale }) => {
    const ip = clientIp(req);
    await takeAttempt(ctx.db, bookingPageLimits(ip));
    return json(await sendBookingCode(ctx.bookingPage, params.slug, input.body.phone, input.body.language ?? locale, ip), {
      status: 202,
    });
  },
);
