import { inviteMemberSchema } from "@/lib/accounts/members/members.schemas";
import { memberListResponse, memberResponse } from "@/lib/accounts/members/members.responses";
import { inviteMember, listMembers } from "@/lib/accounts/members/members.service";
import { json } from "@/lib/platform/http/route";
import { ROLES } from "@/lib/platform/shared/roles";
import { actorOf, route } from "@/lib/server/api-route";

export const runtime = "nodejs";

/** The team: the owner, the members who joined and those invited. */
export const GET = route.owner({ roles: ROLES.managers, response: { 200: memberListResponse } }, async ({ ctx, auth }) =>
  json(await listMembers(ctx.db, auth.userId)),
);

/** Invites someone by email (or sends a pending invitation again): a link to join, valid 7 days, used once. */
export const POST = route.owner(
  { roles: ROLES.managers, body: inviteMemberSchema, response: { 201: memberResponse } },
  async ({ ctx, auth, input }) => json(await inviteMember(ctx, auth, input.body, actorOf(auth)), { status: 201 }),
);
