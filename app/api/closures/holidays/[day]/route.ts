import { holidayChangeResponse } from "@/lib/scheduling/closures/closures.responses";
import { holidayDayParam, holidayOpenSchema } from "@/lib/scheduling/closures/closures.schemas";
import { setHolidayOpen } from "@/lib/scheduling/closures/holidays";
import { json } from "@/lib/platform/http/route";
import { translate } from "@/lib/platform/i18n/translate";
import { ROLES } from "@/lib/platform/shared/roles";
import { route } from "@/lib/server/api-route";

export const runtime = "nodejs";

/**
 * Opens one public holiday (`{ open: true }`: callers can book it, and refreshing the holidays keeps it open) or closes
 * it again (`{ open: false }`). 404 for a day that is not one of the business's public holidays.
 */
export const PUT = route.owner(
  { roles: ROLES.managers, params: { day: holidayDayParam }, body: holidayOpenSchema, response: { 200: holidayChangeResponse } },
  async ({ ctx, auth, params, input, locale }) => {
    const result = await setHolidayOpen(ctx.db, auth.userId, params.day, input.body.open);
    const key = input.body.open ? "Api.holidayOpened" : "Api.holidayClosed";
    return json({ message: translate(locale, key, { name: result.holiday.name }), ...result });
  },
);
