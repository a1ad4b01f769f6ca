import { exportPerson } from "@/lib/accounts/privacy/personal-export";
import { personalExportResponse } from "@/lib/accounts/privacy/privacy.responses";
import { json } from "@/lib/platform/http/route";
import { ROLES } from "@/lib/platform/shared/roles";
import { route } from "@/lib/server/api-route";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/**
 * Right of access for the person signed in, whatever their role: their own account, memberships, sign-ins and what
 * they did, as one JSON document (downloaded as a file). Never the practice's data: that is the practice's export.
 */
export const GET = route.owner({ roles: ROLES.everyone, response: { 200: personalExportResponse } }, async ({ ctx, auth }) => {
  const data = await exportPerson(ctx.db, auth.actorId);
  const filename = `recepta-personal-export-${data.exportedAt.slice(0, 10)}.json`;
  return json(data, { headers: { "content-disposition": `attachment; filename="${filename}"` } });
});
