import { getTranslations } from "next-intl/server";
import { IntlIsland } from "@/components/intl-island";
import { PublicShell } from "@/components/site/public-shell";
import { PageLink } from "@/components/site/page-link";
import { env } from "@/lib/platform/env";
import { calendarModes } from "@/lib/vendors/registry";
import { SetupWizard, type SetupMode } from "./setup-wizard";

/** The messages the setup wizard reads, wherever it is shown: from the emailed link, or signed in on the dashboard. */
export const SETUP_NAMESPACES = [
  "SetupPage",
  "RegisterPage",
  "BusinessFields",
  "Fields",
  "Validation",
  "Options",
  "WorkingHoursFields",
  "TimeZoneField",
  "Common",
  "CalendarSection",
];

/** The frame of the setup pages: title, PREVIEW MODE banner for the demos, then the wizard. */
export async function SetupPage({
  path,
  mode,
  token,
  email,
  name,
}: {
  path: string;
  mode: SetupMode;
  token?: string;
  email: string;
  name: string;
}) {
  const t = await getTranslations("SetupPage");
  return (
    <PublicShell path={path} wide={mode === "preview2"} minimal>
      {mode !== "live" && (
        <div
          className="mb-6 rounded-lg border-2 border-dashed border-amber-500 bg-amber-50 px-4 py-3 text-amber-950"
          data-testid="preview-banner"
        >
          <p className="font-bold tracking-wide">{t("previewMode")}</p>
          <p className="text-sm">{t("previewText")}</p>
        </div>
      )}
      <h1 className="mb-4 text-3xl font-bold tracking-tight text-slate-900">{t("title")}</h1>
      <IntlIsland namespaces={SETUP_NAMESPACES}>
        <SetupWizard mode={mode} token={token} email={email} name={name} calendarModes={calendarModes(env())} />
      </IntlIsland>
    </PublicShell>
  );
}

/**
 * "No token provided" / "Invalid or expired token", with the way back to sign-in; and a link already used to set the
 * password, whose owner signs in to finish the setup where they stopped.
 */
export async function SetupLinkProblem({ path, kind }: { path: string; kind: "noToken" | "invalidToken" | "linkUsed" }) {
  const [t, common] = await Promise.all([getTranslations("SetupPage"), getTranslations("Common")]);
  if (kind === "linkUsed") {
    return (
      <PublicShell path={path} minimal>
        <div className="rounded-2xl border border-indigo-200 bg-indigo-50 p-6">
          <h1 className="text-2xl font-bold text-indigo-950" data-testid="setup-problem">
            {t("linkUsed")}
          </h1>
          <p className="mt-2 text-indigo-950">{t("linkUsedHelp")}</p>
          <PageLink className="btn-primary mt-6" href="/login">
            {t("signIn")}
          </PageLink>
        </div>
      </PublicShell>
    );
  }
  return (
    <PublicShell path={path} minimal>
      <div className="rounded-2xl border border-red-300 bg-red-50 p-6">
        <h1 className="text-2xl font-bold text-red-900" data-testid="setup-problem">
          {t(kind)}
        </h1>
        {kind === "invalidToken" && <p className="mt-2 text-red-900">{t("invalidTokenHelp")}</p>}
        <PageLink className="btn-primary mt-6" href="/login">
          {common("backToLogin")}
        </PageLink>
      </div>
    </PublicShell>
  );
}
