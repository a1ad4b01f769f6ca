import { idParam } from "@/lib/platform/http/params";
import { json } from "@/lib/platform/http/route";
import { assignedNumberResponse } from "@/lib/accounts/numbers/numbers.responses";
import { assignNumberSchema } from "@/lib/accounts/numbers/numbers.schemas";
import { assignNumber } from "@/lib/accounts/numbers/numbers.service";
import { keepHolidaysFilled } from "@/lib/scheduling/closures/holidays";
import { route } from "@/lib/server/api-route";

export const runtime = "nodejs";

export const POST = route.admin(
  { params: { id: (id) => idParam(id, "userNotFound") }, body: assignNumberSchema, response: { 200: assignedNumberResponse } },
  async ({ ctx, auth, params, input, afterAnswer }) => {
    const assigned = await assignNumber(ctx.db, auth.userId, params.id, input.body.phoneNumber, ctx.lines);
    // A business whose time zone names no country takes its country, and so its public holidays, from its line.
    await afterAnswer(() => keepHolidaysFilled(ctx.db, params.id));
    return json(assigned);
  },
);
