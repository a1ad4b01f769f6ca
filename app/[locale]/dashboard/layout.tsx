import { getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import { DashboardShell } from "@/components/dashboard/dashboard-shell";
import { DashboardSession } from "@/components/dashboard/session";
import { IntlIsland } from "@/components/intl-island";
import { env } from "@/lib/platform/env";
import { providerModes } from "@/lib/vendors/registry";
import { dashboardUser } from "@/components/dashboard/dashboard-page";
import { PracticeSwitcher } from "@/components/dashboard/practice-switcher";
import { findProfileById } from "@/lib/accounts/account/profile";
import { practicesOf } from "@/lib/accounts/members/members.service";
import { appContext } from "@/lib/server/context";

export default async function DashboardLayout({ children, params }: { children: ReactNode; params: Promise<{ locale: string }> }) {
  const { user, locale, session } = await dashboardUser(params);
  const db = appContext().db;
  // A member's header names them, not the practice's owner; the switcher shows when they work in more than one.
  const [person, { practices }] = await Promise.all([
    session.actorId === user.id ? user : findProfileById(db, session.actorId),
    practicesOf(db, session),
  ]);
  const sandboxed = Object.entries(providerModes(env()))
    .filter(([, m]) => m === "sandbox")
    .map(([k]) => k);
  const t = await getTranslations("Sandbox");
  const sandboxNote = sandboxed.length ? t("hint", { services: sandboxed.map((k) => t(`kinds.${k}`)).join(", ") }) : null;
  return (
    <IntlIsland namespaces={["Dashboard", "LocaleSwitcher", "GettingStarted", "Common"]}>
      <DashboardSession initialProfile={user}>
        <DashboardShell
          isAdmin={session.role === "admin"}
          role={session.practiceRole}
          personName={person?.fullName ?? user.fullName}
          switcher={practices.length > 1 ? <PracticeSwitcher practices={practices} locale={locale} /> : null}
          sandboxNote={sandboxNote}
        >
          {children}
        </DashboardShell>
      </DashboardSession>
    </IntlIsland>
  );
}
