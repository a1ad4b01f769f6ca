"use client";
// Right of access from the dashboard: the account export as a ZIP of CSV files (for a spreadsheet) or as JSON. Plain
// links: the session cookie goes with a GET, and the API's Content-Disposition names the file.
import { useTranslations } from "next-intl";
import { Card } from "../ui";

const EXPORT_URL = "/api/account/export";

export function DataExportSection() {
  const t = useTranslations("DataExportSection");
  return (
    <Card title={t("title")} testId="data-export">
      <p className="mb-4 max-w-2xl text-slate-600">{t("description")}</p>
      <ul className="grid gap-4 sm:grid-cols-2">
        <li>
          <a href={`${EXPORT_URL}?format=zip`} download className="btn-primary">
            {t("zip")}
          </a>
          <p className="mt-2 text-sm text-slate-600">{t("zipHint")}</p>
        </li>
        <li>
          <a href={`${EXPORT_URL}?format=json`} download className="btn-secondary">
            {t("json")}
          </a>
          <p className="mt-2 text-sm text-slate-600">{t("jsonHint")}</p>
        </li>
      </ul>
    </Card>
  );
}
