import { getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import { DashboardShell } from "@/components/dashboard/dashboard-shell";
import { DashboardSession } from "@/components/dashboard/session";
import { IntlIsland } from "@/components/intl-island";
import { env } from "@/lib/platform/env";
import { providerModes } from "@/lib/vendors/registry";
import { dashboardUser } from "@/components/dashboard/dashboard-page";

export default async function DashboardLayout({ children, params }: { children: ReactNode; params: Promise<{ locale: string }> }) {
  const { user } = await dashboardUser(params);
  const sandboxed = Object.entries(providerModes(env()))
    .filter(([, m]) => m === "sandbox")
    .map(([k]) => k);
  const t = await getTranslations("Sandbox");
  const sandboxNote = sandboxed.length ? t("hint", { services: sandboxed.map((k) => t(`kinds.${k}`)).join(", ") }) : null;
  return (
    <IntlIsland namespaces={["Dashboard", "LocaleSwitcher", "GettingStarted", "Common"]}>
      <DashboardSession initialProfile={user}>
        <DashboardShell isAdmin={user.type === "admin"} sandboxNote={sandboxNote}>
          {children}
        </DashboardShell>
      </DashboardSession>
    </IntlIsland>
  );
}
