import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { SetupPage } from "@/components/setup/setup-page";
import type { Locale } from "@/lib/platform/i18n/routing";
import { pageMetadata } from "@/lib/platform/site/page-metadata";

type Props = { params: Promise<{ locale: Locale }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: "SetupPage" });
  return pageMetadata(locale, "/setup-account-preview2", { title: `${t("previewMode")} · ${t("metaTitle")}` }, { index: false });
}

/** A demo of account setup, four-step variant (working hours beside the information step): PREVIEW MODE, no request that writes anything. */
export default async function SetupPreviewPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  return <SetupPage path="/setup-account-preview2" mode="preview2" email="preview@recepta.app" name="" />;
}
