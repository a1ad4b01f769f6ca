import { Subscription } from "@/components/dashboard/sections/subscription";
import { appContext } from "@/lib/server/context";
import { checkoutHref } from "@/lib/server/checkout-link";
import { dashboardMetadata, dashboardUser, Section } from "@/lib/server/dashboard-page";

export const generateMetadata = dashboardMetadata("subscription");

export default async function Page({ params }: { params: Promise<{ locale: string }> }) {
  const { user, locale } = await dashboardUser(params);
  // Spec §2: upgrade links carry prefilled_email and client_reference_id; the portal link prefilled_email.
  const checkoutUrl = await checkoutHref(user, locale);
  const portalUrl = await appContext().providers.billing.portalUrl({ email: user.email }).catch(() => null);
  return (
    <Section namespaces={["SubscriptionSection", "Plan"]}>
      <Subscription checkoutUrl={checkoutUrl} portalUrl={portalUrl} />
    </Section>
  );
}
