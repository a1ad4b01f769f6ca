import { takeAttempt } from "@/lib/accounts/auth/rate-limit";
import { clientIp } from "@/lib/platform/http/client-ip";
import { json } from "@/lib/platform/http/route";
import { bookingCodeResponse } from "@/lib/scheduling/booking-page/booking-page.responses";
import { bookingCodeSchema } from "@/lib/scheduling/booking-page/booking-page.schemas";
import { bookingCodeLimits, sendBookingCode } from "@/lib/scheduling/booking-page/booking-page.service";
import { route } from "@/lib/server/api-route";

export const runtime = "nodejs";

/**
 * Texts a six-digit code to the caller's number, in the page's language: nothing is booked on this page until it is
 * read back. Codes to one number are limited per day, whoever asks.
 */
export const POST = route.public(
  { params: { slug: (s) => s }, body: bookingCodeSchema, response: { 202: bookingCodeResponse } },
  async ({ req, ctx, params, input, locale }) => {
    await takeAttempt(ctx.db, bookingCodeLimits(clientIp(req)));
    return json(await sendBookingCode(ctx.bookingPage, params.slug, input.body.phone, input.body.language ?? locale), { status: 202 });
  },
);
