"use client";
// The security tab: the password change (components/dashboard/sections/personal-info.tsx).
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { FormAlert, TextField } from "@/components/forms/fields";
import { lazyZodResolver } from "@/components/forms/lazy-zod-resolver";
import { useErrorText } from "@/components/forms/use-error-text";
import type { passwordChangeFormSchema } from "@/lib/accounts/account/accounts.forms";
import { ApiError, api, ok, failureText } from "@/lib/platform/client/api";
import { Card } from "../frame";

export default function PasswordTab() {
  const t = useTranslations("ProfileSection");
  const fields = useTranslations("Fields");
  const errorText = useErrorText();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({
    resolver: lazyZodResolver<typeof passwordChangeFormSchema>(() =>
      import("@/lib/accounts/account/accounts.forms").then((f) => f.passwordChangeFormSchema),
    ),
    defaultValues: { oldPassword: "", newPassword: "", confirmPassword: "" },
  });
  const { errors, isSubmitting } = form.formState;
  return (
    <Card title={t("changePassword")}>
      <form
        method="post"
        noValidate
        className="max-w-md space-y-4"
        onSubmit={form.handleSubmit(async ({ oldPassword, newPassword }) => {
          setFailure(null);
          try {
            // A 401 here means a wrong current password, not an expired session.
            await ok(api.PUT("/api/auth/update-password", { body: { oldPassword, newPassword } }), { keepSessionOn401: true });
            form.reset();
            toast.success(t("passwordUpdated"));
          } catch (e) {
            const text = e instanceof ApiError && e.status === 401 ? t("currentPasswordIncorrect") : failureText(e, t("passwordFailed"));
            setFailure(text);
            toast.error(text);
          }
        })}
      >
        {failure && <FormAlert testId="password-error">{failure}</FormAlert>}
        <TextField
          id="password-old"
          type="password"
          autoComplete="current-password"
          required
          label={fields("oldPassword")}
          error={errorText("oldPassword", errors.oldPassword)}
          {...form.register("oldPassword")}
        />
        <TextField
          id="password-new"
          type="password"
          autoComplete="new-password"
          required
          label={fields("newPassword")}
          hint={t("passwordHint")}
          error={errorText("newPassword", errors.newPassword)}
          {...form.register("newPassword")}
        />
        <TextField
          id="password-confirm"
          type="password"
          autoComplete="new-password"
          required
          label={fields("confirmPassword")}
          error={errorText("confirmPassword", errors.confirmPassword)}
          {...form.register("confirmPassword")}
        />
        <button type="submit" className="btn-primary" disabled={isSubmitting}>
          {isSubmitting ? t("updatingPassword") : t("updatePassword")}
        </button>
      </form>
    </Card>
  );
}
