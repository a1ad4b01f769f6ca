// A member's own account on the Profile page: who they are and their role in the practice they work in. The practice's
// profile (its owner's name and sign-in, the business) is the owner's, and not shown here as theirs.
import { getTranslations } from "next-intl/server";
import type { Locale } from "@/lib/platform/i18n/routing";
import type { PracticeRole } from "@/lib/platform/shared/roles";
import { Card } from "../frame";

export async function MemberAccount({
  person,
  practice,
  role,
  locale,
}: {
  person: { fullName: string; email: string };
  practice: string;
  role: PracticeRole;
  locale: Locale;
}) {
  const [t, fields] = await Promise.all([getTranslations({ locale, namespace: "Team" }), getTranslations({ locale, namespace: "Fields" })]);
  return (
    <Card title={t("account.title")} testId="member-account">
      <dl className="grid gap-3 text-sm sm:grid-cols-2">
        <div>
          <dt className="font-semibold text-slate-900">{fields("fullName")}</dt>
          <dd className="text-slate-700">{person.fullName}</dd>
        </div>
        <div>
          <dt className="font-semibold text-slate-900">{fields("email")}</dt>
          <dd className="break-all text-slate-700">{person.email}</dd>
        </div>
        <div className="sm:col-span-2">
          <dt className="font-semibold text-slate-900">{t("account.role", { practice })}</dt>
          <dd className="text-slate-700">{t(`roles.${role}`)}</dd>
        </div>
      </dl>
    </Card>
  );
}
