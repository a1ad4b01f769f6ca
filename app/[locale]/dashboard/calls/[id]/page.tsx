import { ROLES } from "@/lib/platform/shared/roles";
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { CallDetail } from "@/components/dashboard/sections/call-detail";
import { localeParam } from "@/lib/platform/i18n/routing";
import { dashboardUser, Section } from "@/components/dashboard/dashboard-page";

type Props = { params: Promise<{ locale: string; id: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const locale = await localeParam(params);
  const t = await getTranslations({ locale, namespace: "CallDetail" });
  return { title: `${t("title")} · Recepta`, robots: { index: false, follow: false } };
}

// The call is read in the browser (GET /api/calls/{id}, scoped to the practice, and a practitioner's to those about them), like every other dashboard section.
export default async function Page({ params }: Props) {
  const { session } = await dashboardUser(params, { roles: ROLES.everyone });
  const { id } = await params;
  return (
    <Section namespaces={["CallsSection", "CallDetail"]}>
      <CallDetail id={id} canBlock={session.practiceRole !== "practitioner"} />
    </Section>
  );
}
