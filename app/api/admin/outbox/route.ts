import { requireAdmin } from "@/lib/auth/session";
import { env } from "@/lib/env";
import { json, parseWith, route } from "@/lib/http/route";
import { sandboxOutboxQuerySchema } from "@/lib/notifications/outbox.schemas";
import { listSandboxOutbox } from "@/lib/notifications/outbox.service";
import { providerModes } from "@/lib/providers/registry";
import { appContext } from "@/lib/server/context";

export const runtime = "nodejs";

/** What the sandbox delivered instead of SMTP or Telnyx, for every account; `?q=` and `?channel=` narrow it. */
export const GET = route(async (req) => {
  const ctx = appContext();
  await requireAdmin(ctx.db, ctx.session, req);
  const params = [...new URL(req.url).searchParams].filter(([, value]) => value !== "");
  const filter = parseWith(sandboxOutboxQuerySchema, Object.fromEntries(params));
  const modes = providerModes(env());
  return json({
    sandbox: { email: modes.email === "sandbox", sms: modes.sms === "sandbox", whatsapp: modes.whatsapp === "sandbox" },
    messages: await listSandboxOutbox(ctx.db, filter),
  });
});
