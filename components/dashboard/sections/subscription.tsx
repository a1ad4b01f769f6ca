"use client";
// Subscription: four variants (subscribed, trial, lapsed, none) plus loading and error (Try Again reloads
// the page). The state is the profile's subscriptionType/subscription, fetched fresh when the page opens. Above it, any
// subscription paid with the owner's email without signing in, which the owner can attach if it was theirs.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useLocale, useTranslations } from "next-intl";
import { useState, type ReactNode } from "react";
import { toast } from "sonner";
import { formatPlanPrice, PRO_PLAN } from "@/lib/accounts/subscriptions/plan";
import { api, ok, failureText, SessionExpiredError } from "@/lib/platform/client/api";
import { heldCheckoutKeys, invalidateHeldCheckouts } from "@/lib/platform/client/queries/held-checkouts";
import { formatLongDate } from "@/lib/platform/format/intl";
import { FormAlert } from "@/components/forms/fields";
import { Badge, Card, Details, LoadError, Loading, SectionHeader } from "../ui";
import { useProfile } from "../session";
import { Usage } from "./usage";

type Variant = "subscribed" | "trial" | "lapsed" | "none";

function subscriptionVariant(p: { subscriptionType: string | null; subscription: { status: boolean } | null }): Variant {
  if (p.subscriptionType === "trial") return "trial";
  if (p.subscription && p.subscription.status) return "subscribed";
  if (p.subscription) return "lapsed";
  return "none";
}

export function Subscription({ checkoutUrl, portalUrl }: { checkoutUrl: string; portalUrl: string | null }) {
  const t = useTranslations("SubscriptionSection");
  const plan = useTranslations("Plan");
  const locale = useLocale();
  const { profile, failed, fresh, refetch } = useProfile();
  const header = <SectionHeader title={t("title")} description={t("description")} />;
  if (failed)
    return (
      <>
        {header}
        <LoadError message={t("loadFailed")} onRetry={() => window.location.reload()} />
      </>
    );
  if (!profile || !fresh)
    return (
      <>
        {header}
        <Loading />
      </>
    );

  const variant = subscriptionVariant(profile);
  const date = (iso: string | null | undefined) => formatLongDate(iso, locale, profile.timeZone);
  const price = `${t("pricePerMonth", { price: formatPlanPrice(locale) })}`;
  // The hosted checkout and portal open in this tab: on a phone a new tab is lost behind the app, and both come back here.
  const external = (href: string, label: string, primary = true) => (
    <a href={href} className={primary ? "btn-primary" : "btn-secondary"}>
      {label}
    </a>
  );
  const features = (title: string) => (
    <div className="mt-6">
      <h3 className="font-semibold text-slate-900">{title}</h3>
      <ul className="mt-2 grid gap-2 sm:grid-cols-2">
        {PRO_PLAN.features.map((f) => (
          <li key={f} className="flex gap-2 text-slate-700">
            <span aria-hidden="true" className="text-emerald-700">
              ✓
            </span>
            {plan(`features.${f}`)}
          </li>
        ))}
      </ul>
    </div>
  );

  // A renewal Stripe is retrying, or a cancellation taking effect at the period's end: said above the plan's details.
  const notices = (
    <>
      {profile.billing?.paymentFailed && <FormAlert testId="subscription-payment-failed">{t("paymentFailed")}</FormAlert>}
      {profile.billing?.cancelAtPeriodEnd && (
        <FormAlert tone="info" testId="subscription-cancels">
          {t("cancelsAtPeriodEnd", { date: date(profile.subscription?.endTime) })}
        </FormAlert>
      )}
    </>
  );

  let body: ReactNode;
  if (variant === "subscribed") {
    body = (
      <Card
        title={t("planName", { name: plan("name") })}
        actions={
          <Badge tone="green" testId="subscription-badge">
            {t("active")}
          </Badge>
        }
        testId="subscription-subscribed"
      >
        <Details
          rows={[
            { label: t("price"), value: price },
            { label: t("startDate"), value: date(profile.subscription?.startTime) },
            { label: t("nextBilling"), value: date(profile.subscription?.endTime), testId: "subscription-next-billing" },
          ]}
        />
        {notices}
        {features(t("includedFeatures"))}
        {portalUrl && <div className="mt-6">{external(portalUrl, t("manage"), false)}</div>}
      </Card>
    );
  } else if (variant === "trial") {
    body = (
      <Card
        title={t("trialTitle")}
        actions={
          <Badge tone="blue" testId="subscription-badge">
            {t("trialActive")}
          </Badge>
        }
        testId="subscription-trial"
      >
        <Details
          rows={[
            { label: t("trialEnds"), value: date(profile.subscription?.endTime), testId: "subscription-trial-end" },
            { label: t("afterTrial"), value: price },
          ]}
        />
        {notices}
        {features(t("featuresAfterUpgrade"))}
        {/* A trial at the billing provider becomes the paid plan there (a payment method added in its portal); a trial
            started in the app upgrades through a checkout. */}
        <div className="mt-6">
          {profile.billing?.managed && portalUrl ? external(portalUrl, t("manage")) : external(checkoutUrl, t("upgradeNow"))}
        </div>
      </Card>
    );
  } else if (variant === "lapsed") {
    body = (
      <Card
        title={t("freePlan")}
        actions={
          <Badge tone="red" testId="subscription-badge">
            {t("inactive")}
          </Badge>
        }
        testId="subscription-lapsed"
      >
        <Details rows={[{ label: t("endedOn"), value: date(profile.subscription?.endTime), testId: "subscription-ended" }]} />
        <p className="mt-4 text-slate-700">{t("lapsedText")}</p>
        <div className="mt-6">{external(checkoutUrl, t("resubscribe"))}</div>
      </Card>
    );
  } else {
    body = (
      <Card title={t("noneTitle")} testId="subscription-none">
        <p className="text-slate-700">{t("noneText", { days: PRO_PLAN.trial.days, price })}</p>
        {features(t("includedFeatures"))}
        <div className="mt-6">{external(checkoutUrl, t("subscribeNow"))}</div>
      </Card>
    );
  }
  return (
    <>
      {header}
      <HeldCheckouts timeZone={profile.timeZone} onClaimed={() => void refetch()} />
      {body}
      <div className="mt-6">
        <Usage timeZone={profile.timeZone} />
      </div>
    </>
  );
}

/** Each held subscription as a notice with its claim button; nothing while there is none (or the list cannot load). */
function HeldCheckouts({ timeZone, onClaimed }: { timeZone: string; onClaimed: () => void }) {
  const t = useTranslations("SubscriptionSection");
  const locale = useLocale();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const query = useQuery({ queryKey: heldCheckoutKeys.all, queryFn: () => ok(api.GET("/api/subscription/held")) });
  const claim = useMutation({
    mutationFn: (checkoutId: string) => ok(api.POST("/api/subscription/claim-held", { body: { checkoutId } })),
    onSuccess: () => {
      setFailure(null);
      toast.success(t("heldClaimed"));
      onClaimed();
    },
    onError: (e) => {
      if (!(e instanceof SessionExpiredError)) setFailure(failureText(e, t("heldClaimFailed")));
    },
    // Claimed, ended or taken meanwhile: the list says what is still there.
    onSettled: () => void invalidateHeldCheckouts(queryClient),
  });
  const checkouts = query.data?.checkouts ?? [];
  if (checkouts.length === 0 && !failure) return null;
  return (
    <div className="mb-6 space-y-3">
      {failure && <FormAlert testId="held-claim-error">{failure}</FormAlert>}
      {checkouts.map((c) => (
        <FormAlert key={c.id} tone="info" testId="held-checkout">
          <p className="font-semibold">{t("heldTitle")}</p>
          <p className="mt-1">{t("heldText", { date: formatLongDate(c.heldAt, locale, timeZone) })}</p>
          <button type="button" className="btn-primary mt-3" disabled={claim.isPending} onClick={() => claim.mutate(c.id)}>
            {claim.isPending && claim.variables === c.id ? t("heldClaiming") : t("heldClaim")}
          </button>
        </FormAlert>
      ))}
    </div>
  );
}
