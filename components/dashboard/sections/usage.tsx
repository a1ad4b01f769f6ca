"use client";
// Usage this billing period on the Subscription page: calls and minutes of the current period, and the owner's own
// limit (an email at 80% and 100% of it; the receptionist keeps answering either way).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useLocale, useTranslations } from "next-intl";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { FormAlert, TextField } from "@/components/forms/fields";
import { lazyZodResolver } from "@/components/forms/lazy-zod-resolver";
import { useErrorText } from "@/components/forms/use-error-text";
import type { UsageAlert, usageAlertFormSchema } from "@/lib/insights/insights.schemas";
import { api, ok, failureText } from "@/lib/platform/client/api";
import { usageKeys } from "@/lib/platform/client/queries/usage";
import { formatLongDate } from "@/lib/platform/format/intl";
import { Card, Details, LoadError, Loading } from "../ui";

export function Usage({ timeZone }: { timeZone: string }) {
  const t = useTranslations("UsageSection");
  const locale = useLocale();
  const { data, isError, refetch } = useQuery({ queryKey: usageKeys.all, queryFn: () => ok(api.GET("/api/account/usage")) });
  let body;
  if (isError) body = <LoadError message={t("loadFailed")} onRetry={() => void refetch()} />;
  else if (!data) body = <Loading />;
  else {
    // The period's end is exclusive: the day shown is the last one in it.
    const last = new Date(new Date(data.periodEnd).getTime() - 1).toISOString();
    body = (
      <>
        <p className="mb-4 text-sm text-slate-700" data-testid="usage-period">
          {t("period", { start: formatLongDate(data.periodStart, locale, timeZone), end: formatLongDate(last, locale, timeZone) })}
        </p>
        <Details
          rows={[
            {
              label: t("minutes"),
              value: data.alertMinutes ? t("of", { minutes: data.minutes, limit: data.alertMinutes }) : String(data.minutes),
              testId: "usage-minutes",
            },
            { label: t("calls"), value: String(data.calls), testId: "usage-calls" },
          ]}
        />
        <AlertForm key={String(data.alertMinutes)} current={data.alertMinutes} />
      </>
    );
  }
  return (
    <Card title={t("title")} testId="usage">
      {body}
    </Card>
  );
}

/**
 * The owner's limit: a whole number of minutes, or empty for none. Checked by the route's own schema (loaded on the first
 * submit) and named under the field; what the server refuses otherwise shows above it.
 */
function AlertForm({ current }: { current: number | null }) {
  const t = useTranslations("UsageSection");
  const queryClient = useQueryClient();
  const errorText = useErrorText();
  const form = useForm({
    resolver: lazyZodResolver<typeof usageAlertFormSchema>(() =>
      import("@/lib/insights/insights.schemas").then((s) => s.usageAlertFormSchema),
    ),
    defaultValues: { alertMinutes: current === null ? "" : String(current) },
  });
  const [failure, setFailure] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (body: UsageAlert) => ok(api.PUT("/api/account/usage", { body })),
    onSuccess: (usage) => {
      setFailure(null);
      queryClient.setQueryData(usageKeys.all, usage);
      toast.success(t("saved"));
    },
    onError: (e) => setFailure(failureText(e, t("loadFailed"))),
  });
  return (
    <form
      method="post"
      noValidate
      className="mt-6 max-w-md space-y-3"
      onSubmit={form.handleSubmit((body) => save.mutateAsync(body).catch(() => undefined))}
    >
      {failure && <FormAlert testId="usage-error">{failure}</FormAlert>}
      <TextField
        id="usage-alert"
        // Text, not a number field: a browser reads what it cannot parse as "", which would remove the limit unasked.
        type="text"
        inputMode="numeric"
        label={t("alertLabel")}
        hint={t("alertHint")}
        error={errorText("alertMinutes", form.formState.errors.alertMinutes)}
        {...form.register("alertMinutes")}
      />
      <button type="submit" className="btn-primary" disabled={save.isPending || form.formState.isSubmitting}>
        {t("save")}
      </button>
    </form>
  );
}
