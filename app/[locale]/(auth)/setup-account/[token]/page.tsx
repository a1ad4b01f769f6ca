import type { Metadata } from "next";
import { headers } from "next/headers";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { SetupLinkProblem, SetupPage } from "@/components/setup/setup-page";
import { validateSetupToken } from "@/lib/accounts/accounts.service";
import { AppError } from "@/lib/errors";
import { clientIp } from "@/lib/http/client-ip";
import type { Locale } from "@/lib/i18n/routing";
import { appContext } from "@/lib/server/context";
import { pageMetadata } from "@/lib/seo/page-metadata";

type Props = { params: Promise<{ locale: Locale; token: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: "SetupPage" });
  // The token is a credential: no index, no canonical link carrying it, and no Referer sending it to other sites.
  return {
    ...pageMetadata(locale, "/setup-account", { title: t("metaTitle") }, { index: false }),
    alternates: undefined,
    referrer: "no-referrer",
  };
}

export default async function SetupAccountPage({ params }: Props) {
  const { locale, token } = await params;
  setRequestLocale(locale);
  const path = `/setup-account/${encodeURIComponent(token)}`;
  // Validated on the server (same rule as GET /api/auth/validate-setup-token/{token}), so a dead link never shows a form.
  // The page counts toward the address's limit on setup links like the API, read from the same forwarded chain.
  const ip = clientIp(new Request("http://page", { headers: await headers() }));
  const account = await validateSetupToken(appContext().db, token, ip).catch((e: unknown) => {
    if (e instanceof AppError) return null;
    throw e;
  });
  if (!account) return <SetupLinkProblem path={path} kind="invalidToken" />;
  return <SetupPage path={path} mode="live" token={token} email={account.email} name={account.name} />;
}
