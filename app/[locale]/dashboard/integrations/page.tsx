import { IntegrationsHeader } from "@/components/integrations/integrations-header";
import { CalendarFeeds } from "@/components/integrations/calendar-feeds";
import { ApiKeysSection, WebhookEndpointsSection } from "@/components/integrations/integration-sections";
import { ROLES } from "@/lib/platform/shared/roles";
import { dashboardMetadata, dashboardUser, Section } from "@/components/dashboard/dashboard-page";

export const generateMetadata = dashboardMetadata("integrations");

// What the owner's other tools hook into: a calendar feed to subscribe to, webhooks that tell them what happened, and
// API keys that let them read and book. Each section loads and saves on its own.
export default async function Page({ params }: { params: Promise<{ locale: string }> }) {
  await dashboardUser(params, { roles: ROLES.managers });
  return (
    <Section namespaces={["IntegrationsSection", "Fields", "Validation"]}>
      <IntegrationsHeader />
      <div className="mt-6 space-y-10">
        <CalendarFeeds />
        <WebhookEndpointsSection />
        <ApiKeysSection />
      </div>
    </Section>
  );
}
