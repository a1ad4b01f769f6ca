import { BookingPageSettings } from "@/components/dashboard/sections/booking-page";
import { ROLES } from "@/lib/platform/shared/roles";
import { dashboardMetadata, dashboardUser, Section } from "@/components/dashboard/dashboard-page";

export const generateMetadata = dashboardMetadata("bookingPage");

export default async function Page({ params }: { params: Promise<{ locale: string }> }) {
  await dashboardUser(params, { roles: ROLES.managers });
  return (
    <Section namespaces={["BookingPageSection", "Fields", "Validation"]}>
      <BookingPageSettings />
    </Section>
  );
}
