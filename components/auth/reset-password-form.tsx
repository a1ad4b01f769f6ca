"use client";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { FormAlert, TextField } from "@/components/forms/fields";
import { lazyZodResolver } from "@/components/forms/lazy-zod-resolver";
import { useErrorText } from "@/components/forms/use-error-text";
import type { resetPasswordFormSchema } from "@/lib/accounts/account/accounts.forms";
import { api, ok, ApiError, failureText } from "@/lib/platform/client/api";
import { startSession } from "@/lib/platform/client/browser-session";
import { Link, useRouter } from "@/lib/platform/i18n/navigation";
import { isLocale } from "@/lib/platform/i18n/routing";

export function ResetPasswordForm({ token }: { token: string }) {
  const t = useTranslations("ResetPasswordPage");
  const fields = useTranslations("Fields");
  const errorText = useErrorText();
  const router = useRouter();
  const [failure, setFailure] = useState<{ text: string; linkDead: boolean } | null>(null);
  const form = useForm({
    resolver: lazyZodResolver<typeof resetPasswordFormSchema>(() =>
      import("@/lib/accounts/account/accounts.forms").then((f) => f.resetPasswordFormSchema),
    ),
    defaultValues: { password: "", confirmPassword: "" },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const session = await ok(api.POST("/api/auth/reset-password", { body: { token, ...values } }), { keepSessionOn401: true });
      startSession(); // the server set the httpOnly session cookie
      // Straight to the dashboard in the account's language, as after a sign-in.
      router.replace("/dashboard", { locale: isLocale(session.user.locale) ? session.user.locale : undefined });
      router.refresh();
    } catch (e) {
      // 404: used meanwhile (another tab), expired while the page was open, or superseded by a newer link.
      setFailure({ text: failureText(e, t("failed")), linkDead: e instanceof ApiError && e.status === 404 });
    }
  });

  return (
    <form method="post" onSubmit={onSubmit} noValidate className="space-y-5">
      {failure && (
        <FormAlert testId="reset-error">
          {failure.text}
          {failure.linkDead && (
            <>
              {" "}
              <Link href="/forgot-password" className="font-semibold underline underline-offset-4">
                {t("requestNew")}
              </Link>
            </>
          )}
        </FormAlert>
      )}
      <TextField
        id="reset-password"
        type="password"
        autoComplete="new-password"
        required
        label={fields("newPassword")}
        error={errorText("newPassword", errors.password)}
        {...form.register("password")}
      />
      <TextField
        id="reset-confirmPassword"
        type="password"
        autoComplete="new-password"
        required
        label={fields("confirmPassword")}
        error={errorText("confirmPassword", errors.confirmPassword)}
        {...form.register("confirmPassword")}
      />
      <button type="submit" className="btn-primary w-full" disabled={isSubmitting}>
        {isSubmitting ? t("submitting") : t("submit")}
      </button>
    </form>
  );
}
