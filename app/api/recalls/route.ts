import { recallsResponse } from "@/lib/recall/recall.responses";
import { listRecalls } from "@/lib/recall/recall.service";
import { json } from "@/lib/platform/http/route";
import { ROLES } from "@/lib/platform/shared/roles";
import { route } from "@/lib/server/api-route";

export const runtime = "nodejs";

/** Who is due for a recall and not texted yet, who was texted, and who booked after their text. */
export const GET = route.owner({ roles: ROLES.frontDesk, response: { 200: recallsResponse } }, async ({ ctx, auth }) =>
  json(await listRecalls(ctx.db, auth.userId, ctx.booking.now?.() ?? new Date())),
);
