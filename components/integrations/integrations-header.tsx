"use client";
import { useTranslations } from "next-intl";
import { SectionHeader } from "@/components/dashboard/ui";

export function IntegrationsHeader() {
  const t = useTranslations("IntegrationsSection");
  return <SectionHeader title={t("title")} description={t("intro")} />;
}
