import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { ResetPasswordForm } from "@/components/auth/reset-password-form";
import { IntlIsland } from "@/components/intl-island";
import { PageLink } from "@/components/site/page-link";
import { PublicShell } from "@/components/site/public-shell";
import { findPasswordResetAccount } from "@/lib/accounts/account/password-reset";
import { AppError } from "@/lib/platform/errors";
import type { Locale } from "@/lib/platform/i18n/routing";
import { appContext } from "@/lib/server/context";
import { pageMetadata } from "@/lib/platform/site/page-metadata";

type Props = { params: Promise<{ locale: Locale; token: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: "ResetPasswordPage" });
  // The token is a credential: no index, no canonical link carrying it, and no Referer sending it to other sites.
  return {
    ...pageMetadata(locale, "/reset-password", { title: t("metaTitle") }, { index: false }),
    alternates: undefined,
    referrer: "no-referrer",
  };
}

export default async function ResetPasswordPage({ params }: Props) {
  const { locale, token } = await params;
  setRequestLocale(locale);
  const path = `/reset-password/${encodeURIComponent(token)}`;
  const t = await getTranslations("ResetPasswordPage");
  // Checked on the server with the rule the reset itself applies, so a dead link never shows a form.
  const account = await findPasswordResetAccount(appContext().db, token).catch((e: unknown) => {
    if (e instanceof AppError) return null;
    throw e;
  });
  if (!account) return <InvalidResetLink path={path} />;
  return (
    <PublicShell path={path}>
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{t("title")}</h1>
      <p className="mb-8 mt-2 text-slate-700" data-testid="reset-account">
        {t("lead", { email: account.email })}
      </p>
      <IntlIsland namespaces={["ResetPasswordPage", "Fields", "Validation", "Common"]}>
        <ResetPasswordForm token={token} />
      </IntlIsland>
    </PublicShell>
  );
}

/** Unknown, used, expired or superseded: the way to a new link, and back to sign-in. */
async function InvalidResetLink({ path }: { path: string }) {
  const [t, common] = await Promise.all([getTranslations("ResetPasswordPage"), getTranslations("Common")]);
  return (
    <PublicShell path={path}>
      <div className="rounded-2xl border border-red-300 bg-red-50 p-6">
        <h1 className="text-2xl font-bold text-red-900" data-testid="reset-link-invalid">
          {t("invalidTitle")}
        </h1>
        <p className="mt-2 text-red-900">{t("invalidHelp")}</p>
        <div className="mt-6 flex flex-wrap gap-3">
          <PageLink className="btn-primary" href="/forgot-password">
            {t("requestNew")}
          </PageLink>
          <PageLink className="btn-secondary" href="/login">
            {common("backToLogin")}
          </PageLink>
        </div>
      </div>
    </PublicShell>
  );
}
