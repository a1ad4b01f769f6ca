import { z } from "zod";
import { requireUser } from "@/lib/auth/session";
import { requireSecret } from "@/lib/env";
import { json, readJson, route } from "@/lib/http/route";
import { tryCall } from "@/lib/receptionist/try-call";
import { appContext } from "@/lib/server/context";

export const runtime = "nodejs";

const trySchema = z.object({
  action: z.enum(["start", "say", "end"]),
  state: z.unknown().optional(),
  text: z.string().max(500).optional(),
});

export const POST = route(async (req) => {
  const ctx = appContext();
  const auth = await requireUser(ctx.db, ctx.session, req);
  const input = await readJson(req, trySchema);
  const deps = { ...ctx.booking, serverUrl: `${ctx.session.appUrl}/api/webhooks/vapi`, webhookSecret: requireSecret("VAPI_WEBHOOK_SECRET"), sandbox: true };
  return json(await tryCall(deps, auth.userId, input));
});
