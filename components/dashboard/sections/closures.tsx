"use client";
// Closures: days the business is closed (holidays, training) or open on other hours, below the week on the Working
// hours page. The receptionist, the self-service link and the owner's own bookings all keep clear of them. The form
// checks what the route's schema checks (dates, hours); the server the rest (an overlap). Public holidays are closures
// too, listed apart (public-holidays.tsx): this card lists the owner's own.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useLocale, useTranslations } from "next-intl";
import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { toast } from "sonner";
import { FormAlert, SelectField, TextField } from "@/components/forms/fields";
import { lazyZodResolver } from "@/components/forms/lazy-zod-resolver";
import { useErrorText } from "@/components/forms/use-error-text";
import { api, ok, failureText } from "@/lib/platform/client/api";
import { closureKeys, invalidateClosures } from "@/lib/platform/client/queries/closures";
import { practitionersQuery } from "@/lib/platform/client/queries/practitioners";
import type { ClosureForm, closureFormSchema } from "@/lib/scheduling/closures/closures.forms";
import type { Closure } from "@/lib/scheduling/closures/closures.responses";
import type { ClosureInput } from "@/lib/scheduling/closures/closures.schemas";
import { formatClock, formatFullDate } from "@/lib/platform/format/intl";
import { Card, LoadError, Loading } from "../ui";

/** The practice's practitioners, in a practice of several (a closure can be one practitioner's); none in a practice of one. */
function useTeam() {
  const team = useQuery(practitionersQuery());
  const list = team.data?.practitioners ?? [];
  return list.length > 1 ? list : [];
}

export function Closures() {
  const t = useTranslations("ClosuresSection");
  const query = useQuery({ queryKey: closureKeys.list(), queryFn: () => ok(api.GET("/api/closures")) });
  return (
    <Card title={t("title")} testId="closures">
      <p className="mb-4 max-w-2xl text-slate-600">{t("description")}</p>
      {query.isPending ? (
        <Loading />
      ) : query.isError ? (
        <LoadError message={t("loadFailed")} onRetry={() => query.refetch()} />
      ) : (
        <ClosureList closures={query.data.closures.filter((c) => c.source === "owner")} />
      )}
      <AddClosure />
    </Card>
  );
}

function ClosureList({ closures }: { closures: Closure[] }) {
  const t = useTranslations("ClosuresSection");
  const team = useTeam();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: (id: string) => ok(api.DELETE("/api/closures/{id}", { params: { path: { id } } })),
    onSuccess: (res) => {
      toast.success(res.message);
      // A public holiday the closure covered is closed again.
      void invalidateClosures(queryClient);
    },
    onError: (e) => toast.error(failureText(e, t("deleteFailed"))),
  });
  if (!closures.length) return <p className="mb-4 text-slate-600">{t("none")}</p>;
  // Local dates: shown as the calendar days they are, whatever the browser's zone.
  const day = (d: string) => formatFullDate(`${d}T12:00:00Z`, locale, "UTC");
  return (
    <ul className="mb-6 divide-y divide-slate-200 rounded-lg border border-slate-200" data-testid="closure-list">
      {closures.map((c) => (
        <li key={c.id} className="flex flex-wrap items-center justify-between gap-3 p-3" data-testid="closure">
          <div>
            <p className="font-medium text-slate-900">{c.from === c.to ? day(c.from) : t("range", { from: day(c.from), to: day(c.to) })}</p>
            <p className="text-sm text-slate-600">
              {c.openTime && c.closeTime
                ? t("specialHours", { open: formatClock(c.openTime, locale), close: formatClock(c.closeTime, locale) })
                : t("closed")}
              {c.reason ? ` · ${c.reason}` : ""}
              {c.practitionerId ? ` · ${team.find((p) => p.id === c.practitionerId)?.displayName ?? ""}` : ""}
            </p>
          </div>
          <button
            type="button"
            className="btn-secondary"
            disabled={remove.isPending}
            onClick={() => remove.mutate(c.id)}
            aria-label={t("deleteOne", { day: day(c.from) })}
          >
            {t("delete")}
          </button>
        </li>
      ))}
    </ul>
  );
}

const EMPTY: ClosureForm = { from: "", to: "", special: false, openTime: "", closeTime: "", reason: "", practitionerId: "" };

/**
 * Adds a closure. Checked by the route's own schema (loaded on the first submit), over what the form holds
 * (lib/scheduling/closures/closures.forms.ts): a missing or impossible day, hours out of order or a reason too long
 * is named under its field; what the server refuses otherwise (an overlap) shows above the form.
 */
function AddClosure() {
  const t = useTranslations("ClosuresSection");
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const team = useTeam();
  const form = useForm({
    resolver: lazyZodResolver<typeof closureFormSchema>(() =>
      import("@/lib/scheduling/closures/closures.forms").then((f) => f.closureFormSchema),
    ),
    defaultValues: EMPTY,
  });
  const [failure, setFailure] = useState<string | null>(null);
  const add = useMutation({
    mutationFn: ({ reason, ...closure }: ClosureInput) =>
      ok(api.POST("/api/closures", { body: { ...closure, ...(reason ? { reason } : {}) } })),
    onSuccess: (created) => {
      setFailure(null);
      form.reset(EMPTY);
      toast.success(t("added"));
      // Those appointments stay: the owner moves or cancels them (and their patients are told then).
      if (created.appointmentsInside > 0)
        toast.warning(t("appointmentsInside", { count: created.appointmentsInside }), { duration: 10_000 });
      // A public holiday inside it is now covered by the owner's closure.
      void invalidateClosures(queryClient);
    },
    onError: (e) => setFailure(failureText(e, t("addFailed"))),
  });
  const special = useWatch({ control: form.control, name: "special" });
  const { errors } = form.formState;
  return (
    <form
      method="post"
      noValidate
      className="space-y-4"
      data-testid="closure-form"
      onSubmit={form.handleSubmit((closure) => add.mutateAsync(closure).catch(() => undefined))}
    >
      <h3 className="font-semibold text-slate-900">{t("addTitle")}</h3>
      {failure && <FormAlert testId="closure-error">{failure}</FormAlert>}
      <div className="grid max-w-2xl gap-4 sm:grid-cols-2">
        <TextField
          id="closure-from"
          type="date"
          label={t("from")}
          required
          error={errorText("from", errors.from)}
          {...form.register("from")}
        />
        <TextField
          id="closure-to"
          type="date"
          label={t("to")}
          hint={t("toHint")}
          error={errorText("to", errors.to)}
          {...form.register("to")}
        />
      </div>
      {team.length > 0 && (
        <div className="max-w-xs">
          <SelectField
            id="closure-practitioner"
            label={t("who")}
            error={errorText("practitionerId", errors.practitionerId)}
            {...form.register("practitionerId")}
          >
            <option value="">{t("wholePractice")}</option>
            {team.map((p) => (
              <option key={p.id} value={p.id}>
                {p.displayName}
              </option>
            ))}
          </SelectField>
        </div>
      )}
      <div className="flex items-center gap-3">
        <input id="closure-special" type="checkbox" className="h-5 w-5 rounded border-slate-400" {...form.register("special")} />
        <label htmlFor="closure-special" className="font-medium text-slate-900">
          {t("openSpecial")}
        </label>
      </div>
      {special && (
        <div className="grid max-w-2xl gap-4 sm:grid-cols-2">
          <TextField
            id="closure-open"
            type="time"
            label={t("openTime")}
            error={errorText("openTime", errors.openTime)}
            {...form.register("openTime")}
          />
          <TextField
            id="closure-close"
            type="time"
            label={t("closeTime")}
            error={errorText("closeTime", errors.closeTime)}
            {...form.register("closeTime")}
          />
        </div>
      )}
      <div className="max-w-2xl">
        <TextField
          id="closure-reason"
          label={t("reason")}
          hint={t("reasonHint")}
          maxLength={120}
          error={errorText("reason", errors.reason)}
          {...form.register("reason")}
        />
      </div>
      <button type="submit" className="btn-primary" disabled={add.isPending || form.formState.isSubmitting}>
        {add.isPending ? t("adding") : t("add")}
      </button>
    </form>
  );
}
