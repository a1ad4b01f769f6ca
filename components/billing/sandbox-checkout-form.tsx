"use client";
// The sandbox checkout's form: one email, one button. The server builds and signs the events Stripe would send and
// delivers them to our own webhook; the browser then goes to the thank-you page the server names.
import { useLocale, useTranslations } from "next-intl";
import { useState } from "react";
import { FormAlert, TextField } from "@/components/forms/fields";
import { api, ok, failureText } from "@/lib/platform/client/api";

export function SandboxCheckoutForm({ email, clientReferenceId }: { email: string | null; clientReferenceId: string | null }) {
  const t = useTranslations("SandboxCheckout");
  const locale = useLocale();
  const [value, setValue] = useState(email ?? "");
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  return (
    <form
      method="post"
      noValidate
      className="mt-6 space-y-5"
      onSubmit={async (e) => {
        e.preventDefault();
        setFailure(null);
        setBusy(true);
        try {
          const { redirect } = await ok(api.POST("/api/sandbox/billing/checkout", { body: { email: value, clientReferenceId, locale } }), {
            keepSessionOn401: true,
          });
          window.location.assign(redirect);
        } catch (error) {
          setFailure(failureText(error, t("failed")));
          setBusy(false);
        }
      }}
    >
      {failure && <FormAlert testId="sandbox-checkout-error">{failure}</FormAlert>}
      <TextField
        id="sandbox-checkout-email"
        type="email"
        autoComplete="email"
        required
        label={t("emailLabel")}
        hint={t("emailHelp")}
        value={value}
        onChange={(e) => setValue(e.target.value)}
      />
      <button type="submit" className="btn-primary w-full" disabled={busy} data-testid="sandbox-pay">
        {busy ? t("paying") : t("pay")}
      </button>
    </form>
  );
}
