import { requireUser } from "@/lib/auth/session";
import { json, route } from "@/lib/http/route";
import { exportAccount } from "@/lib/privacy/export";
import { appContext } from "@/lib/server/context";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** Right of access: the session's own account and business, as one JSON document (downloaded as a file). */
export const GET = route(async (req) => {
  const ctx = appContext();
  const auth = await requireUser(ctx.db, ctx.session, req);
  const data = await exportAccount(ctx.db, auth.userId);
  return json(data, { headers: { "content-disposition": `attachment; filename="recepta-export-${data.exportedAt.slice(0, 10)}.json"` } });
});
