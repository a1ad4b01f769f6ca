import { setRequestLocale } from "next-intl/server";
import { SetupLinkProblem } from "@/components/setup/setup-page";
import type { Locale } from "@/lib/platform/i18n/routing";
import { localeMetadata } from "@/lib/platform/site/page-metadata";

type Props = { params: Promise<{ locale: Locale }> };

export const generateMetadata = localeMetadata("SetupPage", "/setup-account", { index: false });

export default async function SetupWithoutToken({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  return <SetupLinkProblem path="/setup-account" kind="noToken" />;
}
