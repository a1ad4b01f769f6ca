// A person's own data, on their profile: whoever they are in the practice (a member included), they download what is
// theirs (their account, memberships, sign-ins and what they did), never the practice's. A plain link: the session
// cookie goes with a GET, and the API's Content-Disposition names the file.
import { getTranslations } from "next-intl/server";
import type { Locale } from "@/lib/platform/i18n/routing";
import { Card } from "../frame";

export async function PersonalExport({ locale }: { locale: Locale }) {
  const t = await getTranslations({ locale, namespace: "PersonalExport" });
  return (
    <div className="mt-6">
      <Card title={t("title")} testId="personal-export">
        <p className="mb-4 max-w-2xl text-sm text-slate-600">{t("description")}</p>
        <a href="/api/account/personal-export" download className="btn-secondary">
          {t("download")}
        </a>
      </Card>
    </div>
  );
}
