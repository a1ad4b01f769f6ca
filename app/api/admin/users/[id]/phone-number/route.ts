import { z } from "zod";
import { requireAdmin } from "@/lib/auth/session";
import { idParam } from "@/lib/http/params";
import { json, readJson, route } from "@/lib/http/route";
import { assignNumber } from "@/lib/numbers/numbers.service";
import { appContext } from "@/lib/server/context";

export const runtime = "nodejs";

const bodySchema = z.object({ phoneNumber: z.string().trim().min(1, "phoneNumberRequired").max(32) });

export const POST = route<{ id: string }>(async (req, { params }) => {
  const ctx = appContext();
  const admin = await requireAdmin(ctx.db, ctx.session, req);
  const userId = idParam(params.id, "userNotFound");
  const { phoneNumber } = await readJson(req, bodySchema);
  return json(await assignNumber(ctx.db, admin.userId, userId, phoneNumber, { voice: ctx.providers.voice, serverUrl: `${ctx.session.appUrl}/api/webhooks/vapi` }));
});
