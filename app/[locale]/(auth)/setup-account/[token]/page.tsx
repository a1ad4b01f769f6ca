import type { Metadata } from "next";
import { headers } from "next/headers";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { SetupLinkProblem, SetupPage } from "@/components/setup/setup-page";
import { openSetupLink } from "@/lib/accounts/account/accounts.service";
import { AppError } from "@/lib/platform/errors";
import { clientIp } from "@/lib/platform/http/client-ip";
import type { Locale } from "@/lib/platform/i18n/routing";
import { appContext } from "@/lib/server/context";
import { getCurrentUser } from "@/lib/server/current-user";
import { localeRedirect } from "@/lib/platform/i18n/server-navigation";
import { pageMetadata } from "@/lib/platform/site/page-metadata";

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
  const link = await openSetupLink(appContext().db, token, ip).catch((e: unknown) => {
    if (e instanceof AppError) return { state: "dead" as const };
    throw e;
  });
  if (link.state === "live") return <SetupPage path={path} mode="live" token={token} email={link.email} name={link.name} />;
  // The password is set: its owner, signed in, goes on where they stopped; anyone else is asked to sign in first.
  if (link.state === "used") {
    const user = await getCurrentUser();
    if (user?.id === link.userId) return localeRedirect(locale, "/dashboard/setup");
    return <SetupLinkProblem path={path} kind="linkUsed" />;
  }
  return <SetupLinkProblem path={path} kind="invalidToken" />;
}
