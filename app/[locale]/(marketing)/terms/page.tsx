import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { LegalDocument } from "@/components/site/legal-document";
import type { Locale } from "@/lib/i18n/routing";
import { pageMetadata } from "@/lib/seo/page-metadata";

type Props = { params: Promise<{ locale: Locale }> };

// The day this text last changed in substance; bump it with the text.
const UPDATED = "2026-11-21";

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: "TermsPage" });
  return pageMetadata(locale, "/terms", { title: t("metaTitle"), description: t("metaDescription") });
}

export default async function Page({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  return <LegalDocument namespace="TermsPage" path="/terms" updated={UPDATED} />;
}
