import { AppError } from "@/lib/platform/errors";
import { json } from "@/lib/platform/http/route";
import { translate } from "@/lib/platform/i18n/translate";
import { exportAccount } from "@/lib/accounts/privacy/export";
import { exportReadme, exportZip } from "@/lib/accounts/privacy/export-zip";
import { accountExportResponse } from "@/lib/accounts/privacy/privacy.responses";
import { ROLES } from "@/lib/platform/shared/roles";
import { route } from "@/lib/server/api-route";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/**
 * Right of access: the session's own account and business, as one JSON document (downloaded as a file), or with
 * `?format=zip` as CSV files for a spreadsheet plus that same document and a README in the owner's language.
 */
export const GET = route.owner(
  { roles: ROLES.managers, response: { 200: { "application/json": accountExportResponse, "application/zip": null } } },
  async ({ req, ctx, auth }) => {
    const format = new URL(req.url).searchParams.get("format") ?? "json";
    if (format !== "json" && format !== "zip") throw new AppError("bad_request", "unknownExportFormat");
    const data = await exportAccount(ctx.db, auth.userId);
    const filename = `recepta-export-${data.exportedAt.slice(0, 10)}.${format}`;
    if (format === "json") return json(data, { headers: { "content-disposition": `attachment; filename="${filename}"` } });
    const readme = exportReadme(data, (key, params) => translate(auth.locale, `ExportReadme.${key}`, params));
    return new Response(Buffer.from(exportZip(data, readme)), {
      headers: {
        "content-type": "application/zip",
        "content-disposition": `attachment; filename="${filename}"`,
        "cache-control": "no-store",
      },
    });
  },
);
