import { notFound } from "next/navigation";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { SandboxBadge } from "@/components/ui/sandbox-badge";
import { PublicShell } from "@/components/site/public-shell";
import { emailSchema } from "@/lib/accounts/accounts.schemas";
import { formatPlanPrice } from "@/lib/billing/plan";
import { env } from "@/lib/env";
import { providerModes } from "@/lib/providers/registry";
import { PageLink } from "@/components/site/page-link";
import type { Locale } from "@/lib/i18n/routing";
import { localeMetadata } from "@/lib/seo/page-metadata";

type Props = { params: Promise<{ locale: Locale }>; searchParams: Promise<{ prefilled_email?: string | string[] }> };

export const generateMetadata = localeMetadata("SandboxCheckout", "/sandbox/checkout", { index: false });

/**
 * Where "Start free trial" lands when no payment provider is configured. It takes Stripe's query parameters; it takes
 * no payment and claims none. The simulated payment (a signed checkout webhook) comes with the billing work.
 */
export default async function SandboxCheckoutPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  // Only when billing is the sandbox; and the page shows an address only if it is one (no text injected through a link).
  if (providerModes(env()).billing !== "sandbox") notFound();
  const parsed = emailSchema.safeParse((await searchParams).prefilled_email);
  const email = parsed.success ? parsed.data : null;
  const [t, plan] = await Promise.all([getTranslations("SandboxCheckout"), getTranslations("Plan")]);
  return (
    <PublicShell path="/sandbox/checkout">
      <div className="flex items-center gap-3">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">{t("title")}</h1>
        <SandboxBadge />
      </div>
      <div className="mt-6 rounded-2xl border border-slate-200 p-6">
        <p className="text-lg font-semibold text-slate-900">{plan("name")} · {plan("pricePerMonth", { price: formatPlanPrice(locale) })}</p>
        {email && <p className="mt-1 text-slate-700">{t("email", { email })}</p>}
        <p className="mt-4 text-slate-800">{t("text")}</p>
        <PageLink className="btn-primary mt-6" href="/register">{t("createAccount")}</PageLink>
      </div>
    </PublicShell>
  );
}
