import { Subscription } from "@/components/dashboard/sections/subscription";
import { checkoutHref, portalHref } from "@/lib/server/checkout-link";
import { ROLES } from "@/lib/platform/shared/roles";
import { dashboardMetadata, dashboardUser, Section } from "@/components/dashboard/dashboard-page";

export const generateMetadata = dashboardMetadata("subscription");

export default async function Page({ params }: { params: Promise<{ locale: string }> }) {
  const { user, locale } = await dashboardUser(params, { roles: ROLES.owner });
  // Upgrade links carry prefilled_email and client_reference_id; the portal link prefilled_email.
  const checkoutUrl = checkoutHref(user, locale);
  const portalUrl = portalHref(user, locale);
  return (
    <Section namespaces={["SubscriptionSection", "Plan", "UsageSection", "Fields", "Validation"]}>
      <Subscription checkoutUrl={checkoutUrl} portalUrl={portalUrl} />
    </Section>
  );
}
