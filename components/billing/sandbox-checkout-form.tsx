"use client";
// The sandbox checkout's form: one email, one button. The server builds and signs the events Stripe would send and
// delivers them to our own webhook; the browser then goes to the thank-you page the server names. The address is
// checked by the route's own schema (loaded on the first submit) and named under the field.
import { useLocale, useTranslations } from "next-intl";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { FormAlert, TextField } from "@/components/forms/fields";
import { lazyZodResolver } from "@/components/forms/lazy-zod-resolver";
import { useErrorText } from "@/components/forms/use-error-text";
import type { sandboxCheckoutFormSchema } from "@/lib/billing/sandbox.schemas";
import { api, ok, failureText } from "@/lib/platform/client/api";
import { useHydrated } from "@/lib/platform/client/use-hydrated";

export function SandboxCheckoutForm({ email, clientReferenceId }: { email: string | null; clientReferenceId: string | null }) {
  const t = useTranslations("SandboxCheckout");
  const locale = useLocale();
  const errorText = useErrorText();
  const form = useForm({
    resolver: lazyZodResolver<typeof sandboxCheckoutFormSchema>(() =>
      import("@/lib/billing/sandbox.schemas").then((s) => s.sandboxCheckoutFormSchema),
    ),
    defaultValues: { email: email ?? "" },
  });
  // Still true after the answer: the browser is on its way to the thank-you page.
  const [leaving, setLeaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const busy = leaving || form.formState.isSubmitting;
  // Until the page's script runs, a click would post the page to itself: the form waits, greyed out.
  const hydrated = useHydrated();

  return (
    <form
      method="post"
      noValidate
      className="mt-6"
      onSubmit={form.handleSubmit(async ({ email: address }) => {
        setFailure(null);
        try {
          const { redirect } = await ok(
            api.POST("/api/sandbox/billing/checkout", { body: { email: address, clientReferenceId, locale } }),
            { keepSessionOn401: true },
          );
          setLeaving(true);
          window.location.assign(redirect);
        } catch (error) {
          setFailure(failureText(error, t("failed")));
        }
      })}
    >
      <fieldset disabled={!hydrated} className="space-y-5">
        {failure && <FormAlert testId="sandbox-checkout-error">{failure}</FormAlert>}
        <TextField
          id="sandbox-checkout-email"
          type="email"
          autoComplete="email"
          required
          label={t("emailLabel")}
          hint={t("emailHelp")}
          error={errorText("email", form.formState.errors.email)}
          // The address the link brought, in the server's HTML too.
          defaultValue={email ?? ""}
          {...form.register("email")}
        />
        <button type="submit" className="btn-primary w-full" disabled={busy} data-testid="sandbox-pay">
          {busy ? t("paying") : t("pay")}
        </button>
      </fieldset>
    </form>
  );
}
