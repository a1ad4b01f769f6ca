import { invitationResponse } from "@/lib/accounts/members/members.responses";
import { readInvitation } from "@/lib/accounts/members/members.service";
import { AppError } from "@/lib/platform/errors";
import { clientIp } from "@/lib/platform/http/client-ip";
import { json } from "@/lib/platform/http/route";
import { route } from "@/lib/server/api-route";

export const runtime = "nodejs";

/** What the join page shows of an invitation: the practice, the role, and whether the email already signs in here. */
export const GET = route.public(
  { params: { token: (token) => token.trim() }, response: { 200: invitationResponse } },
  async ({ req, ctx, params }) => {
    if (!params.token || params.token.length > 200) throw new AppError("not_found", "invitationNotFound");
    return json(await readInvitation(ctx.db, params.token, clientIp(req)));
  },
);
