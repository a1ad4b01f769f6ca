import { notFound } from "next/navigation";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { SandboxCheckoutForm } from "@/components/billing/sandbox-checkout-form";
import { IntlIsland } from "@/components/intl-island";
import { PageLink } from "@/components/site/page-link";
import { PublicShell } from "@/components/site/public-shell";
import { SandboxBadge } from "@/components/ui/sandbox-badge";
import { emailSchema } from "@/lib/accounts/account/accounts.schemas";
import { formatPlanPrice } from "@/lib/accounts/subscriptions/plan";
import { env } from "@/lib/platform/env";
import type { Locale } from "@/lib/platform/i18n/routing";
import { providerModes } from "@/lib/vendors/registry";
import { localeMetadata } from "@/lib/platform/site/page-metadata";

type Props = {
  params: Promise<{ locale: Locale }>;
  searchParams: Promise<{ prefilled_email?: string | string[]; client_reference_id?: string | string[] }>;
};

export const generateMetadata = localeMetadata("SandboxCheckout", "/sandbox/checkout", { index: false });

/**
 * Where "Start free trial" lands when no payment provider is configured. It takes Stripe's query parameters and
 * "pays" by sending the events Stripe would send, signed, to our own webhook (nothing is charged).
 */
export default async function SandboxCheckoutPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  if (providerModes(env()).billing !== "sandbox") notFound();
  const query = await searchParams;
  // The address is shown only if it is one (no text injected through a link); the reference as Stripe keeps it.
  const parsed = emailSchema.safeParse(query.prefilled_email);
  const email = parsed.success ? parsed.data : null;
  const ref =
    typeof query.client_reference_id === "string" && /^[A-Za-z0-9_-]{1,200}$/.test(query.client_reference_id)
      ? query.client_reference_id
      : null;
  const [t, plan] = await Promise.all([getTranslations("SandboxCheckout"), getTranslations("Plan")]);
  return (
    <PublicShell path="/sandbox/checkout">
      <div className="flex items-center gap-3">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">{t("title")}</h1>
        <SandboxBadge />
      </div>
      <div className="mt-6 rounded-2xl border border-slate-200 p-6">
        <p className="text-lg font-semibold text-slate-900" data-testid="sandbox-plan">
          {t("plan", { plan: plan("name"), price: formatPlanPrice(locale) })}
        </p>
        <p className="mt-4 text-slate-800">{t("text")}</p>
        <IntlIsland namespaces={["SandboxCheckout", "Fields", "Validation"]}>
          <SandboxCheckoutForm email={email} clientReferenceId={ref} />
        </IntlIsland>
        <PageLink className="btn-secondary mt-4 w-full" href="/">
          {t("cancel")}
        </PageLink>
      </div>
    </PublicShell>
  );
}
