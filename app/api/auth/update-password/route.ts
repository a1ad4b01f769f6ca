import { updatePassword } from "@/lib/accounts/accounts.service";
import { updatePasswordSchema } from "@/lib/accounts/accounts.schemas";
import { requireUser } from "@/lib/auth/session";
import { message, readJson, route } from "@/lib/http/route";
import { appContext } from "@/lib/server/context";

export const runtime = "nodejs";

export const PUT = route(async (req, { locale }) => {
  const ctx = appContext();
  const auth = await requireUser(ctx.db, ctx.session, req);
  await updatePassword(ctx.db, auth, await readJson(req, updatePasswordSchema));
  return message(locale, "passwordUpdated");
});
