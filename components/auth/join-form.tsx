"use client";
// The join page's form: a name and a new password, or, for an email that already signs in here, that account's password.
// Joining signs in, working in the practice; a link used or expired meanwhile says so.
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { FormAlert, TextField } from "@/components/forms/fields";
import { lazyZodResolver } from "@/components/forms/lazy-zod-resolver";
import { useErrorText } from "@/components/forms/use-error-text";
import type { joinFormSchema } from "@/lib/accounts/members/members.schemas";
import { api, ok, failureText } from "@/lib/platform/client/api";
import { startSession } from "@/lib/platform/client/browser-session";
import { useRouter } from "@/lib/platform/i18n/navigation";
import { isLocale } from "@/lib/platform/i18n/routing";

export function JoinForm({ token, hasAccount }: { token: string; hasAccount: boolean }) {
  const t = useTranslations("JoinPage");
  const fields = useTranslations("Fields");
  const errorText = useErrorText();
  const router = useRouter();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({
    resolver: lazyZodResolver<typeof joinFormSchema>(() => import("@/lib/accounts/members/members.schemas").then((m) => m.joinFormSchema)),
    defaultValues: { fullName: hasAccount ? undefined : "", password: "", hasAccount },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ fullName, password }) => {
    setFailure(null);
    try {
      const session = await ok(
        api.POST("/api/members/accept", { body: { token, password, fullName: hasAccount ? undefined : fullName } }),
        {
          keepSessionOn401: true,
        },
      );
      startSession(); // the server set the httpOnly session cookie
      router.replace("/dashboard", { locale: isLocale(session.user.locale) ? session.user.locale : undefined });
      router.refresh();
    } catch (e) {
      setFailure(failureText(e, t("failed")));
    }
  });

  return (
    <form method="post" onSubmit={onSubmit} noValidate className="space-y-5" data-testid="join-form">
      {failure && <FormAlert testId="join-error">{failure}</FormAlert>}
      {hasAccount ? (
        <p className="text-slate-700">{t("hasAccount")}</p>
      ) : (
        <TextField
          id="join-fullName"
          autoComplete="name"
          required
          label={fields("fullName")}
          error={errorText("fullName", errors.fullName)}
          {...form.register("fullName")}
        />
      )}
      <TextField
        id="join-password"
        type="password"
        autoComplete={hasAccount ? "current-password" : "new-password"}
        required
        label={hasAccount ? fields("password") : fields("newPassword")}
        error={errorText("password", errors.password)}
        {...form.register("password")}
      />
      <button type="submit" className="btn-primary w-full" disabled={isSubmitting}>
        {isSubmitting ? t("submitting") : t("submit")}
      </button>
    </form>
  );
}
