import { holidayImportResponse } from "@/lib/scheduling/closures/closures.responses";
import { holidayImportSchema } from "@/lib/scheduling/closures/closures.schemas";
import { importHolidays } from "@/lib/scheduling/closures/closures.service";
import { json } from "@/lib/platform/http/route";
import { translate } from "@/lib/platform/i18n/translate";
import { route } from "@/lib/server/api-route";

export const runtime = "nodejs";

/** Adds the public holidays of the business's country for a year as closed days; days already covered are skipped. */
export const POST = route.owner(
  { body: holidayImportSchema, response: { 200: holidayImportResponse } },
  async ({ ctx, auth, input, locale }) => {
    const result = await importHolidays(ctx.db, auth.userId, input.body.year);
    return json({ message: translate(locale, "Api.holidaysImported", { imported: result.imported }), ...result });
  },
);
