"use client";
// Adding someone to the waitlist: their name and mobile number (read in the business's country), the days they can
// come, optionally a window of the day and a service. Over the route's own schema (lazyZodResolver).
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { FormAlert, SelectField, TextField } from "@/components/forms/fields";
import { lazyZodResolver } from "@/components/forms/lazy-zod-resolver";
import { useErrorText } from "@/components/forms/use-error-text";
import { api, failureText, ok, type Body } from "@/lib/platform/client/api";
import { invalidateWaitlist } from "@/lib/platform/client/queries/waitlist";
import type { addWaitlistSchema } from "@/lib/waitlist/waitlist.schemas";

/** The waitlist's query: the list refreshes once someone is added. */

/** The viewer's calendar day, `days` from today, as YYYY-MM-DD (en-CA writes dates that way). */
const dayFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toLocaleDateString("en-CA");

export function WaitlistForm({ services }: { services: string[] }) {
  const t = useTranslations("WaitlistSection");
  const errorText = useErrorText();
  const qc = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const [limited, setLimited] = useState(false);
  const form = useForm({
    resolver: lazyZodResolver<typeof addWaitlistSchema>(() => import("@/lib/waitlist/waitlist.schemas").then((m) => m.addWaitlistSchema)),
    // The window's fields leave the values when they leave the page: no window, any time.
    shouldUnregister: true,
    defaultValues: { name: "", phone: "", from: dayFromToday(0), to: dayFromToday(14), service: "" },
  });
  const add = useMutation({
    mutationFn: (body: Body<"/api/waitlist", "post">) => ok(api.POST("/api/waitlist", { body })),
    onSuccess: (added) => {
      setFailure(null);
      form.reset();
      setLimited(false);
      toast.success(t("added", { name: added.name }));
      return invalidateWaitlist(qc);
    },
    onError: (e) => setFailure(failureText(e, t("addFailed"))),
  });
  const errors = form.formState.errors;
  return (
    <form
      method="post"
      noValidate
      className="grid max-w-2xl gap-3 sm:grid-cols-2"
      data-testid="waitlist-form"
      onSubmit={form.handleSubmit((v) =>
        add.mutateAsync({ ...v, service: v.service ?? undefined, times: v.times ?? undefined }).catch(() => undefined),
      )}
    >
      {failure && (
        <div className="sm:col-span-2">
          <FormAlert testId="waitlist-error">{failure}</FormAlert>
        </div>
      )}
      <TextField
        id="waitlist-name"
        label={t("name")}
        autoComplete="off"
        error={errorText("name", errors.name)}
        {...form.register("name")}
      />
      <TextField
        id="waitlist-phone"
        label={t("phone")}
        type="tel"
        autoComplete="off"
        hint={t("phoneHint")}
        error={errorText("phone", errors.phone)}
        {...form.register("phone")}
      />
      <TextField id="waitlist-from" label={t("from")} type="date" error={errorText("from", errors.from)} {...form.register("from")} />
      <TextField id="waitlist-to" label={t("to")} type="date" error={errorText("to", errors.to)} {...form.register("to")} />
      {services.length > 0 && (
        <SelectField id="waitlist-service" label={t("service")} error={errorText("service", errors.service)} {...form.register("service")}>
          <option value="">{t("anyService")}</option>
          {services.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </SelectField>
      )}
      <div className="sm:col-span-2">
        <label className="inline-flex min-h-11 items-center gap-2 text-slate-800">
          <input type="checkbox" className="size-4" checked={limited} onChange={(e) => setLimited(e.target.checked)} />
          {t("limitTimes")}
        </label>
      </div>
      {limited && (
        <>
          <TextField
            id="waitlist-time-from"
            label={t("timeFrom")}
            type="time"
            defaultValue="09:00"
            error={errorText("times", errors.times?.[0]?.from ?? errors.times?.[0]?.root ?? errors.times?.[0])}
            {...form.register("times.0.from")}
          />
          <TextField
            id="waitlist-time-to"
            label={t("timeTo")}
            type="time"
            defaultValue="12:00"
            error={errorText("times", errors.times?.[0]?.to)}
            {...form.register("times.0.to")}
          />
        </>
      )}
      <div className="sm:col-span-2">
        <button type="submit" className="btn-primary" disabled={add.isPending}>
          {add.isPending ? t("adding") : t("add")}
        </button>
      </div>
    </form>
  );
}
