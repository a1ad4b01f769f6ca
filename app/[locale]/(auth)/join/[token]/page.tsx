import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { JoinForm } from "@/components/auth/join-form";
import { IntlIsland } from "@/components/intl-island";
import { PageLink } from "@/components/site/page-link";
import { PublicShell } from "@/components/site/public-shell";
import { readInvitation } from "@/lib/accounts/members/members.service";
import { AppError } from "@/lib/platform/errors";
import type { Locale } from "@/lib/platform/i18n/routing";
import { appContext } from "@/lib/server/context";
import { pageMetadata } from "@/lib/platform/site/page-metadata";

type Props = { params: Promise<{ locale: Locale; token: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: "JoinPage" });
  // The token is a credential: no index, no canonical link carrying it, and no Referer sending it to other sites.
  return { ...pageMetadata(locale, "/join", { title: t("metaTitle") }, { index: false }), alternates: undefined, referrer: "no-referrer" };
}

/** An invitation to a practice's team: who invites, as what, and the name and password to join with. */
export default async function JoinPage({ params }: Props) {
  const { locale, token } = await params;
  setRequestLocale(locale);
  const path = `/join/${encodeURIComponent(token)}`;
  const [t, teamT] = await Promise.all([getTranslations("JoinPage"), getTranslations("Team")]);
  // Checked on the server with the rule joining applies, so a dead link never shows a form.
  const invitation = await readInvitation(appContext().db, token).catch((e: unknown) => {
    if (e instanceof AppError) return null;
    throw e;
  });
  if (!invitation) {
    return (
      <PublicShell path={path}>
        <div className="rounded-2xl border border-red-300 bg-red-50 p-6">
          <h1 className="text-2xl font-bold text-red-900" data-testid="join-link-invalid">
            {t("invalidTitle")}
          </h1>
          <p className="mt-2 text-red-900">{t("invalidHelp")}</p>
          <PageLink className="btn-secondary mt-6" href="/login">
            {t("signIn")}
          </PageLink>
        </div>
      </PublicShell>
    );
  }
  return (
    <PublicShell path={path}>
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{t("title", { practice: invitation.practice })}</h1>
      <p className="mb-8 mt-2 text-slate-700" data-testid="join-lead">
        {t("lead", { email: invitation.email, role: teamT(`roles.${invitation.role}`) })}
      </p>
      <IntlIsland namespaces={["JoinPage", "Fields", "Validation", "Common"]}>
        <JoinForm token={token} hasAccount={invitation.hasAccount} />
      </IntlIsland>
    </PublicShell>
  );
}
