import { switchPracticeSchema } from "@/lib/accounts/members/members.schemas";
import { practiceListResponse } from "@/lib/accounts/members/members.responses";
import { practicesOf, switchPractice } from "@/lib/accounts/members/members.service";
import { json } from "@/lib/platform/http/route";
import { ROLES } from "@/lib/platform/shared/roles";
import { route } from "@/lib/server/api-route";

export const runtime = "nodejs";

/** Works in another practice on this device from the next request on: the person's own, or one they are a member of. */
export const PUT = route.owner(
  { roles: ROLES.everyone, body: switchPracticeSchema, response: { 200: practiceListResponse } },
  async ({ ctx, auth, input }) => {
    await switchPractice(ctx.db, auth, input.body.businessId);
    return json(await practicesOf(ctx.db, { actorId: auth.actorId, userId: input.body.businessId }));
  },
);
