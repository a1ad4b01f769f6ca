import { validateSetupToken } from "@/lib/accounts/accounts.service";
import { AppError } from "@/lib/errors";
import { json, route } from "@/lib/http/route";
import { appContext } from "@/lib/server/context";

export const runtime = "nodejs";

export const GET = route<{ token: string }>(async (_req, { params }) => {
  const token = params.token?.trim();
  if (!token) throw new AppError("bad_request", "noTokenProvided");
  if (token.length > 200) throw new AppError("not_found", "invalidSetupToken");
  return json(await validateSetupToken(appContext().db, token));
});
