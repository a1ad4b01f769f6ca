import { requireUser } from "@/lib/auth/session";
import { env } from "@/lib/env";
import { json, route } from "@/lib/http/route";
import { listOutbox } from "@/lib/notifications/outbox.service";
import { providerModes } from "@/lib/providers/registry";
import { appContext } from "@/lib/server/context";

export const runtime = "nodejs";

export const GET = route(async (req) => {
  const ctx = appContext();
  const auth = await requireUser(ctx.db, ctx.session, req);
  const modes = providerModes(env());
  return json({
    sandbox: { email: modes.email === "sandbox", sms: modes.sms === "sandbox", whatsapp: modes.whatsapp === "sandbox" },
    messages: await listOutbox(ctx.db, auth.userId),
  });
});
