import { Knowledge } from "@/components/dashboard/sections/knowledge";
import { ROLES } from "@/lib/platform/shared/roles";
import { dashboardMetadata, dashboardUser, Section } from "@/components/dashboard/dashboard-page";

export const generateMetadata = dashboardMetadata("knowledge");

export default async function Page({ params }: { params: Promise<{ locale: string }> }) {
  const { locale } = await dashboardUser(params, { roles: ROLES.managers });
  return (
    <Section namespaces={["KnowledgeSection", "Fields", "Validation"]}>
      <Knowledge defaultLanguage={locale} />
    </Section>
  );
}
