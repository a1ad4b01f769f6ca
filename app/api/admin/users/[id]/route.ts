import { userDetailsResponse } from "@/lib/accounts/admin/admin.responses";
import { getUserDetails } from "@/lib/accounts/admin/admin.service";
import { idParam } from "@/lib/platform/http/params";
import { json } from "@/lib/platform/http/route";
import { route } from "@/lib/server/api-route";

export const runtime = "nodejs";

export const GET = route.admin(
  { params: { id: (id) => idParam(id, "userNotFound") }, response: { 200: userDetailsResponse } },
  async ({ ctx, params }) => json(await getUserDetails(ctx.db, params.id)),
);
