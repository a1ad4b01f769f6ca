"use client";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { FormAlert, TextField } from "@/components/forms/fields";
import { useErrorText } from "@/components/forms/use-error-text";
import { lazyZodResolver } from "@/components/forms/lazy-zod-resolver";
import type { loginFormSchema } from "@/lib/accounts/account/accounts.forms";
import { api, ok, ApiError } from "@/lib/platform/client/api";
import { clearSession, startSession, takeFlag } from "@/lib/platform/client/browser-session";
import { Link, useRouter } from "@/lib/platform/i18n/navigation";
import { isLocale } from "@/lib/platform/i18n/routing";

export function LoginForm({ expired, deleted = false }: { expired: boolean; deleted?: boolean }) {
  const t = useTranslations("LoginPage");
  const fields = useTranslations("Fields");
  const errorText = useErrorText();
  const router = useRouter();
  const [showExpired, setShowExpired] = useState(expired);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({
    resolver: lazyZodResolver<typeof loginFormSchema>(() => import("@/lib/accounts/account/accounts.forms").then((f) => f.loginFormSchema)),
    defaultValues: { email: "", password: "" },
  });
  const { errors, isSubmitting } = form.formState;

  useEffect(() => {
    // The dashboard sets this flag when the server answered 401: the session has ended.
    if (takeFlag("tokenExpired")) setShowExpired(true);
    if (expired) clearSession();
    takeFlag("loggedOut");
    // The flags are read (end-to-end tests wait for this before they set one for the next load).
    document.documentElement.dataset.loginReady = "true";
  }, [expired]);

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      // A 401 here means wrong credentials, not an expired session.
      // The server set the httpOnly session cookie (and the account's language's); the token in the answer is for API
      // clients and is not kept here.
      const { user } = await ok(api.POST("/api/auth/login", { body: values }), { keepSessionOn401: true });
      startSession();
      // The dashboard in the account's language, whatever this page's (another device's choice holds here too).
      router.replace("/dashboard", { locale: isLocale(user.locale) ? user.locale : undefined });
      router.refresh();
    } catch (e) {
      // Deactivated accounts and rate limits carry a more useful server message than the generic one.
      setFailure(e instanceof ApiError && e.status !== 401 && e.serverMessage ? e.serverMessage : t("failed"));
    }
  });

  return (
    <form method="post" onSubmit={onSubmit} noValidate className="space-y-5" aria-describedby={showExpired ? "login-expired" : undefined}>
      {showExpired && (
        <div id="login-expired">
          <FormAlert tone="info" testId="session-expired">
            {t("expired")}
          </FormAlert>
        </div>
      )}
      {deleted && (
        <FormAlert tone="success" testId="account-deleted">
          {t("accountDeleted")}
        </FormAlert>
      )}
      {failure && <FormAlert testId="login-error">{failure}</FormAlert>}
      <TextField
        id="login-email"
        type="email"
        autoComplete="email"
        required
        label={fields("email")}
        error={errorText("email", errors.email)}
        {...form.register("email")}
      />
      <TextField
        id="login-password"
        type="password"
        autoComplete="current-password"
        required
        label={fields("password")}
        error={errorText("password", errors.password)}
        {...form.register("password")}
      />
      <p className="-mt-2 text-right text-sm">
        <Link href="/forgot-password" className="font-semibold text-indigo-800 underline underline-offset-4">
          {t("forgotPassword")}
        </Link>
      </p>
      <button type="submit" className="btn-primary w-full" disabled={isSubmitting}>
        {isSubmitting ? t("submitting") : t("submit")}
      </button>
      <p className="text-center text-sm text-slate-700">
        {t("noAccount")}{" "}
        <Link href="/register" className="font-semibold text-indigo-800 underline underline-offset-4">
          {t("register")}
        </Link>
      </p>
    </form>
  );
}
