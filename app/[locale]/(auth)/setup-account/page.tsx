import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { SetupLinkProblem } from "@/components/setup/setup-page";
import type { Locale } from "@/lib/i18n/routing";
import { pageMetadata } from "@/lib/seo/page-metadata";

type Props = { params: Promise<{ locale: Locale }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: "SetupPage" });
  return pageMetadata(locale, "/setup-account", { title: t("metaTitle") }, { index: false });
}

export default async function SetupWithoutToken({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  return <SetupLinkProblem path="/setup-account" kind="noToken" />;
}
