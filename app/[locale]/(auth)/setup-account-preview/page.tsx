import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { SetupPage } from "@/components/setup/setup-page";
import type { Locale } from "@/lib/platform/i18n/routing";
import { pageMetadata } from "@/lib/platform/site/page-metadata";

type Props = { params: Promise<{ locale: Locale }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: "SetupPage" });
  return pageMetadata(locale, "/setup-account-preview", { title: `${t("previewMode")} · ${t("metaTitle")}` }, { index: false });
}

/** A demo of account setup: PREVIEW MODE, no request that writes anything. */
export default async function SetupPreviewPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  return <SetupPage path="/setup-account-preview" mode="preview" email="preview@recepta.app" name="" />;
}
