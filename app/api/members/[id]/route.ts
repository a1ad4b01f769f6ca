import { updateMemberSchema } from "@/lib/accounts/members/members.schemas";
import { memberResponse } from "@/lib/accounts/members/members.responses";
import { removeMember, updateMember } from "@/lib/accounts/members/members.service";
import { messageResponse } from "@/lib/platform/http/http.responses";
import { idParam } from "@/lib/platform/http/params";
import { json, message } from "@/lib/platform/http/route";
import { ROLES } from "@/lib/platform/shared/roles";
import { actorOf, route } from "@/lib/server/api-route";

export const runtime = "nodejs";

const params = { id: (id: string) => idParam(id, "memberNotFound") };

/** A member's role, and the practitioner a practitioner member is. Takes effect on their next request. */
export const PUT = route.owner(
  { roles: ROLES.managers, params, body: updateMemberSchema, response: { 200: memberResponse } },
  async ({ ctx, auth, params, input }) => json(await updateMember(ctx.db, auth.userId, params.id, input.body, actorOf(auth))),
);

/** Removes a member (their sessions in the practice end at once) or withdraws an invitation (its link stops working). */
export const DELETE = route.owner(
  { roles: ROLES.managers, params, response: { 200: messageResponse } },
  async ({ ctx, auth, params, locale }) => {
    await removeMember(ctx.db, auth.userId, params.id, actorOf(auth));
    return message(locale, "memberRemoved");
  },
);
