import { Inbox } from "@/components/dashboard/sections/inbox";
import { ROLES } from "@/lib/platform/shared/roles";
import { dashboardMetadata, dashboardUser, Section } from "@/components/dashboard/dashboard-page";
import { env } from "@/lib/platform/env";
import { providerModes } from "@/lib/vendors/registry";

export const generateMetadata = dashboardMetadata("inbox");

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export default async function Page({
  params,
  searchParams,
}: {
  params: Promise<{ locale: string }>;
  searchParams: Promise<{ thread?: string | string[] }>;
}) {
  await dashboardUser(params, { roles: ROLES.frontDesk });
  const { thread } = await searchParams;
  const initial = typeof thread === "string" && UUID.test(thread) ? thread : null;
  return (
    <Section namespaces={["InboxSection", "CallsSection", "Fields", "Validation"]}>
      <Inbox sandbox={providerModes(env()).sms === "sandbox"} initialThread={initial} />
    </Section>
  );
}
