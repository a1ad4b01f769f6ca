import { holidayImportResponse, holidayListResponse } from "@/lib/scheduling/closures/closures.responses";
import { holidayImportSchema } from "@/lib/scheduling/closures/closures.schemas";
import { importHolidays } from "@/lib/scheduling/closures/closures.service";
import { listHolidays } from "@/lib/scheduling/closures/holidays";
import { json } from "@/lib/platform/http/route";
import { translate } from "@/lib/platform/i18n/translate";
import { ROLES } from "@/lib/platform/shared/roles";
import { route } from "@/lib/server/api-route";

export const runtime = "nodejs";

/** The business's public holidays of the next twelve months, each open or closed. */
export const GET = route.owner({ roles: ROLES.managers, response: { 200: holidayListResponse } }, async ({ ctx, auth }) =>
  json(await listHolidays(ctx.db, auth.userId)),
);

/**
 * Fills the public holidays again (they are kept filled on their own; this refreshes them now): those of the next twelve
 * months, and of `year` when given. Holidays the owner opened stay open; days already closed are skipped.
 */
export const POST = route.owner(
  { roles: ROLES.managers, body: holidayImportSchema, response: { 200: holidayImportResponse } },
  async ({ ctx, auth, input, locale }) => {
    const result = await importHolidays(ctx.db, auth.userId, input.body.year);
    const message = translate(locale, result.keptOpen ? "Api.holidaysImportedKeptOpen" : "Api.holidaysImported", {
      imported: result.imported,
      keptOpen: result.keptOpen,
    });
    return json({ message, ...result });
  },
);
