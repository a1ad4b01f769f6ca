"use client";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { FormAlert, TextField } from "@/components/forms/fields";
import { lazyZodResolver } from "@/components/forms/lazy-zod-resolver";
import { useErrorText } from "@/components/forms/use-error-text";
import type { forgotPasswordFormSchema } from "@/lib/accounts/account/accounts.forms";
import { api, ok, failureText } from "@/lib/platform/client/api";
import { Link } from "@/lib/platform/i18n/navigation";

/** The server answers the same for every email: this shows that answer, whatever account the email has or has not. */
export function ForgotPasswordForm() {
  const t = useTranslations("ForgotPasswordPage");
  const fields = useTranslations("Fields");
  const common = useTranslations("Common");
  const errorText = useErrorText();
  const [sent, setSent] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({
    resolver: lazyZodResolver<typeof forgotPasswordFormSchema>(() =>
      import("@/lib/accounts/account/accounts.forms").then((f) => f.forgotPasswordFormSchema),
    ),
    defaultValues: { email: "" },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    setSent(null);
    try {
      const { message } = await ok(api.POST("/api/auth/forgot-password", { body: values }), { keepSessionOn401: true });
      setSent(message);
    } catch (e) {
      // A rate limit's message says how long to wait.
      setFailure(failureText(e, t("failed")));
    }
  });

  return (
    <form method="post" onSubmit={onSubmit} noValidate className="space-y-5">
      {sent && (
        <FormAlert tone="success" testId="forgot-sent">
          <p className="font-semibold">{t("checkInbox")}</p>
          <p className="mt-1">{sent}</p>
          <p className="mt-1">{t("again")}</p>
        </FormAlert>
      )}
      {failure && <FormAlert testId="forgot-error">{failure}</FormAlert>}
      <TextField
        id="forgot-email"
        type="email"
        autoComplete="email"
        required
        label={fields("email")}
        error={errorText("email", errors.email)}
        {...form.register("email")}
      />
      <button type="submit" className="btn-primary w-full" disabled={isSubmitting}>
        {isSubmitting ? t("submitting") : t("submit")}
      </button>
      <p className="text-center text-sm">
        <Link href="/login" className="font-semibold text-indigo-800 underline underline-offset-4">
          {common("backToLogin")}
        </Link>
      </p>
    </form>
  );
}
