import { getTranslations } from "next-intl/server";
import { ROLES } from "@/lib/platform/shared/roles";
import { dashboardMetadata, dashboardUser, Section } from "@/components/dashboard/dashboard-page";
import { SETUP_NAMESPACES } from "@/components/setup/setup-page";
import { SetupWizard } from "@/components/setup/setup-wizard";
import { onboardingOf } from "@/lib/accounts/account/onboarding";
import { env } from "@/lib/platform/env";
import { localeRedirect } from "@/lib/platform/i18n/server-navigation";
import { calendarModes } from "@/lib/vendors/registry";
import { appContext } from "@/lib/server/context";

export const generateMetadata = dashboardMetadata("setup");

/**
 * The setup's signed-in steps, whichever way the account began: after the emailed link's password, after a
 * registration, or when the owner comes back to a setup left half-way. It opens on the first step the server says is
 * missing; once every step is done there is nothing to resume.
 */
export default async function Page({ params }: { params: Promise<{ locale: string }> }) {
  const { user, locale } = await dashboardUser(params, { roles: ROLES.owner });
  const progress = await onboardingOf(appContext().db, user.id);
  if (user.type === "admin" || progress.next === null) return localeRedirect(locale, "/dashboard");
  const t = await getTranslations("SetupPage");
  return (
    <Section namespaces={SETUP_NAMESPACES}>
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">{t("continueTitle")}</h1>
      <p className="mb-6 mt-1 text-slate-700">{t("continueLead")}</p>
      <SetupWizard
        mode="continue"
        email={user.email}
        name={user.fullName}
        calendarModes={calendarModes(env())}
        progress={{ done: progress.done, planLive: progress.planLive, planStarted: progress.planStarted }}
        profile={{
          fullName: user.fullName,
          businessName: user.businessName,
          businessType: user.businessType,
          specialty: user.specialty,
          phone: user.phone,
          businessSize: user.businessSize,
          businessAddress: user.businessAddress,
          appointmentDuration: user.appointmentDuration,
          services: user.services,
          aiInstructions: user.aiInstructions,
        }}
      />
    </Section>
  );
}
