import { bookingPageSettingsResponse } from "@/lib/booking-page/booking-page.responses";
import { bookingPageSettingsSchema } from "@/lib/booking-page/booking-page.schemas";
import { getBookingPage, saveBookingPage } from "@/lib/booking-page/booking-page.service";
import { json } from "@/lib/platform/http/route";
import { ROLES } from "@/lib/platform/shared/roles";
import { route } from "@/lib/server/api-route";

export const runtime = "nodejs";

export const GET = route.owner({ roles: ROLES.managers, response: { 200: bookingPageSettingsResponse } }, async ({ ctx, auth }) =>
  json(await getBookingPage(ctx.bookingPage, auth.userId)),
);

/** Turns the public booking page on or off and sets its address (off by default; a slug another practice has is a 409). */
export const PUT = route.owner(
  { roles: ROLES.managers, body: bookingPageSettingsSchema, response: { 200: bookingPageSettingsResponse } },
  async ({ ctx, auth, input }) => json(await saveBookingPage(ctx.bookingPage, auth.userId, input.body)),
);
