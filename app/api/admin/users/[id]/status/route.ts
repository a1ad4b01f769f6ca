import { profileResponse } from "@/lib/accounts/account/accounts.responses";
import { z } from "zod";
import { setUserActive } from "@/lib/accounts/admin/admin.service";
import { idParam } from "@/lib/platform/http/params";
import { json } from "@/lib/platform/http/route";
import { route } from "@/lib/server/api-route";

export const runtime = "nodejs";

const bodySchema = z.object({ isActive: z.boolean("mustBeBoolean") });

export const PUT = route.admin(
  { params: { id: (id) => idParam(id, "userNotFound") }, body: bodySchema, response: { 200: profileResponse } },
  async ({ ctx, auth, params, input }) => json(await setUserActive(ctx.db, auth.userId, params.id, input.body.isActive)),
);
