"use client";
// The owner's blocklist on the Calls page: the numbers whose calls hear one sentence and end, uncounted; block one (a
// number as the owner writes it, read in the business's country) or unblock it. A call's page blocks its caller too
// (block-caller.tsx, apart: without this form's library).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { FormAlert, TextField } from "@/components/forms/fields";
import { lazyZodResolver } from "@/components/forms/lazy-zod-resolver";
import { useErrorText } from "@/components/forms/use-error-text";
import { api, failureText, ok, type Body } from "@/lib/platform/client/api";
import { blockedNumbersQuery, invalidateBlockedNumbers } from "@/lib/platform/client/queries/blocked-numbers";
import type { blockNumberSchema } from "@/lib/receptionist/screening/blocked-numbers.schemas";
import { Card, LoadError, Loading } from "../ui";
import { usePhoneFormat } from "../phone";
import { toastFailure } from "../use-profile-save";

export function BlockedNumbers() {
  const t = useTranslations("CallsSection");
  const formatPhone = usePhoneFormat();
  const qc = useQueryClient();
  const errorText = useErrorText();
  const [failure, setFailure] = useState<string | null>(null);
  const list = useQuery(blockedNumbersQuery());
  const form = useForm({
    resolver: lazyZodResolver<typeof blockNumberSchema>(() =>
      import("@/lib/receptionist/screening/blocked-numbers.schemas").then((m) => m.blockNumberSchema),
    ),
    defaultValues: { phone: "", reason: "" },
  });
  const block = useMutation({
    mutationFn: (body: Body<"/api/blocked-numbers", "post">) => ok(api.POST("/api/blocked-numbers", { body })),
    onSuccess: (added) => {
      setFailure(null);
      form.reset();
      toast.success(t("blocked", { phone: formatPhone(added.phone) }));
      return invalidateBlockedNumbers(qc);
    },
    onError: (e) => setFailure(failureText(e, t("blockFailed"))),
  });
  const unblock = useMutation({
    mutationFn: (id: string) => ok(api.DELETE("/api/blocked-numbers/{id}", { params: { path: { id } } })),
    onSuccess: () => {
      toast.success(t("unblocked"));
      return invalidateBlockedNumbers(qc);
    },
    onError: (e) => toastFailure(t("unblockFailed"), e),
  });
  const errors = form.formState.errors;
  return (
    <Card title={t("blockedTitle")} testId="blocked-numbers">
      <p className="mb-3 text-sm text-slate-600">{t("blockedText")}</p>
      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <LoadError message={t("blockedLoadFailed")} onRetry={() => list.refetch()} />
      ) : list.data.blockedNumbers.length === 0 ? (
        <p className="text-slate-600">{t("blockedEmpty")}</p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {list.data.blockedNumbers.map((b) => (
            <li key={b.id} className="flex flex-wrap items-center justify-between gap-2 py-2" data-testid="blocked-number">
              <div className="min-w-0">
                <p className="font-semibold text-slate-900">{formatPhone(b.phone)}</p>
                {b.reason && <p className="text-sm text-slate-600">{b.reason}</p>}
              </div>
              <button type="button" className="btn-secondary" disabled={unblock.isPending} onClick={() => unblock.mutate(b.id)}>
                {t("unblock")}
                <span className="sr-only"> {formatPhone(b.phone)}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <form
        method="post"
        noValidate
        className="mt-4 grid max-w-xl gap-3 sm:grid-cols-2"
        data-testid="block-form"
        onSubmit={form.handleSubmit((values) => block.mutateAsync(values).catch(() => undefined))}
      >
        {failure && (
          <div className="sm:col-span-2">
            <FormAlert testId="block-error">{failure}</FormAlert>
          </div>
        )}
        <TextField
          id="block-phone"
          label={t("blockPhone")}
          type="tel"
          autoComplete="off"
          error={errorText("phone", errors.phone)}
          {...form.register("phone")}
        />
        <TextField id="block-reason" label={t("blockReason")} error={errorText("reason", errors.reason)} {...form.register("reason")} />
        <div className="sm:col-span-2">
          <button type="submit" className="btn-primary" disabled={block.isPending}>
            {block.isPending ? t("blocking") : t("block")}
          </button>
        </div>
      </form>
    </Card>
  );
}
