import { setRequestLocale } from "next-intl/server";
import { LegalDocument } from "@/components/site/legal-document";
import type { Locale } from "@/lib/platform/i18n/routing";
import { localeMetadata } from "@/lib/platform/site/page-metadata";

type Props = { params: Promise<{ locale: Locale }> };

// The day this text last changed in substance; bump it with the text.
const UPDATED = "2026-11-21";

export const generateMetadata = localeMetadata("TermsPage", "/terms");

export default async function Page({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  return <LegalDocument namespace="TermsPage" path="/terms" updated={UPDATED} />;
}
