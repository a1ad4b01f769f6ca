import { completeSetup } from "@/lib/accounts/accounts.service";
import { completeSetupSchema } from "@/lib/accounts/accounts.schemas";
import { json, readJson, route } from "@/lib/http/route";
import { appContext } from "@/lib/server/context";

export const runtime = "nodejs";

export const POST = route(async (req) => {
  await completeSetup(appContext().db, await readJson(req, completeSetupSchema));
  return json({ success: true });
});
