"use client";
// Transfers: who the receptionist puts callers through to when they ask for a person. The owner lists people (a name,
// a number read in the business's country, and what they are for in their own words; the first listed wins when several
// fit) and, for a warm transfer, who is tried when each does not answer: a message (the default) or another of the list;
// chooses whether the person reached is briefed first (a warm transfer) and whether callers are put through only during
// opening hours. With no one listed, callers go to the owner's own phone, or nowhere.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { FormAlert, SelectField, TextField } from "@/components/forms/fields";
import { lazyZodResolver } from "@/components/forms/lazy-zod-resolver";
import { useErrorText } from "@/components/forms/use-error-text";
import { api, failureText, ok, type Answer, type Body } from "@/lib/platform/client/api";
import { callRoutingKeys } from "@/lib/platform/client/queries/call-routing";
import { MAX_DESTINATIONS as MAX } from "@/lib/receptionist/routing/limits";
import type { callRoutingSchema } from "@/lib/receptionist/routing/routing.schemas";
import type { z } from "zod";
import { Card, LoadError, Loading, SectionHeader } from "../ui";
import { usePhoneFormat } from "../phone";
import { RefusedNumbers, ServedCountries } from "./served-countries";

type Routing = Answer<"/api/call-routing">;
type Values = z.input<typeof callRoutingSchema>;
type Row = Values["destinations"][number];

const HOURS = ["open", "always"] as const satisfies readonly Values["hours"][];
const HOURS_LABEL = { open: "hoursOpen", always: "hoursAlways" } as const;

/** The saved routing as the form shows it: numbers in the owner's own form (national for their country). */
function valuesOf(routing: Routing, formatPhone: (value: string) => string): Values {
  return {
    warmTransfer: routing.warmTransfer,
    hours: routing.hours,
    destinations: routing.destinations.map((d) => ({ name: d.name, phone: formatPhone(d.phone), when: d.when ?? "", backup: d.backup })),
  };
}

/** What the form holds, as one comparable string. */
const fingerprint = (v: Values) =>
  JSON.stringify([v.warmTransfer, v.hours, v.destinations.map((d) => [d.name, d.phone, d.when ?? "", d.backup ?? null])]);

/**
 * The rows in a new order (`order[k]`: the old index of row k), each backup following the row it named; a backup whose
 * row is gone becomes a message.
 */
function reorder(rows: Row[], order: number[]): Row[] {
  const moved = new Map(order.map((old, k) => [old, k]));
  return order.map((old) => {
    const row = rows[old]!;
    return { ...row, backup: row.backup == null ? null : (moved.get(row.backup) ?? null) };
  });
}

/** A select's value as the schema reads it: "" is a message (null), else the index of the row tried. */
const backupValue = (v: unknown) => (v === "" || v === null || v === undefined ? null : Number(v));

export function CallRouting() {
  const t = useTranslations("RoutingSection");
  const routing = useQuery({ queryKey: callRoutingKeys.all, queryFn: () => ok(api.GET("/api/call-routing")) });
  return (
    <>
      <SectionHeader title={t("title")} description={t("description")} />
      <Card title={t("cardTitle")} testId="call-routing">
        {routing.isPending ? (
          <Loading />
        ) : routing.isError ? (
          <LoadError message={t("loadFailed")} onRetry={() => void routing.refetch()} />
        ) : (
          <>
            <RefusedNumbers routing={routing.data} />
            <RoutingForm routing={routing.data} />
          </>
        )}
      </Card>
      {routing.data && (
        <Card title={t("countriesLegend")} testId="routing-countries">
          <ServedCountries routing={routing.data} />
        </Card>
      )}
    </>
  );
}

function RoutingForm({ routing }: { routing: Routing }) {
  const t = useTranslations("RoutingSection");
  const dash = useTranslations("Dashboard");
  const errorText = useErrorText();
  const formatPhone = usePhoneFormat();
  const qc = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const loaded = valuesOf(routing, formatPhone);
  const form = useForm({
    resolver: lazyZodResolver<typeof callRoutingSchema>(() =>
      import("@/lib/receptionist/routing/routing.schemas").then((m) => m.callRoutingSchema),
    ),
    defaultValues: loaded,
  });

  // The numbers arrive in E.164 and are shown in the owner's form once the formatter has loaded: the form takes them
  // then, unless the owner has already started changing it.
  const loadedPrint = fingerprint(loaded);
  const shown = useRef(loadedPrint);
  const latest = useRef(loaded);
  useEffect(() => {
    latest.current = loaded;
  });
  useEffect(() => {
    if (shown.current === loadedPrint) return;
    const untouched = fingerprint(form.getValues()) === shown.current;
    shown.current = loadedPrint;
    if (untouched) form.reset(latest.current);
  }, [loadedPrint, form]);

  // A button that moves or removes a row keeps the keyboard where the owner is: on the row they moved, or the next one.
  const focusNext = useRef<string | null>(null);
  useEffect(() => {
    if (!focusNext.current) return;
    document.getElementById(focusNext.current)?.focus();
    focusNext.current = null;
  });

  // The rows are the form's own array, changed whole (react-hook-form's useFieldArray would grow the forms every page
  // shares: the library is one module). Errors belong to positions, so a changed order clears them.
  const rows = form.watch("destinations") ?? [];
  const setRows = (next: Row[], focus: string, said = "") => {
    form.clearErrors("destinations");
    form.setValue("destinations", next, { shouldDirty: true });
    focusNext.current = focus;
    setAnnouncement(said);
  };
  const label = (i: number) => rows[i]?.name.trim() || t("person", { position: i + 1 });
  const move = (from: number, to: number) => {
    const order = rows.map((_, j) => j);
    order.splice(from, 1);
    order.splice(to, 0, from);
    const next = reorder(rows, order);
    // On the first row "up" is disabled, on the last "down": focus goes to the one that still moves it.
    const button = to === 0 ? "down" : to === next.length - 1 ? "up" : from > to ? "up" : "down";
    setRows(next, `routing-${to}-${button}`, t("moved", { name: label(from), position: to + 1, total: next.length }));
  };
  const remove = (i: number) => {
    const next = reorder(
      rows,
      rows.map((_, j) => j).filter((j) => j !== i),
    );
    setRows(next, next.length ? `routing-${Math.min(i, next.length - 1)}-remove` : "routing-add", t("removed", { name: label(i) }));
  };
  const add = () => setRows([...rows, { name: "", phone: "", when: "", backup: null }], `routing-${rows.length}-name`);

  const save = useMutation({
    mutationFn: (body: Body<"/api/call-routing", "put">) => ok(api.PUT("/api/call-routing", { body })),
    onSuccess: (saved) => {
      setFailure(null);
      const values = valuesOf(saved, formatPhone);
      shown.current = fingerprint(values);
      form.reset(values);
      qc.setQueryData(callRoutingKeys.all, saved);
      toast.success(t("saved"));
    },
    onError: (e) => setFailure(failureText(e, t("saveFailed"))),
  });

  const errors = form.formState.errors;
  const listError = errors.destinations?.root ?? (errors.destinations?.message ? errors.destinations : undefined);
  // Who is tried after a no-answer matters only when the call comes back: with a warm transfer.
  const warm = form.watch("warmTransfer");
  const full = rows.length >= MAX;
  return (
    <form
      method="post"
      noValidate
      className="space-y-6"
      data-testid="routing-form"
      onSubmit={form.handleSubmit((values) => save.mutateAsync(values).catch(() => undefined))}
    >
      <p className="text-slate-700">{t("intro")}</p>
      {failure && <FormAlert testId="routing-error">{failure}</FormAlert>}

      <div>
        <label className="inline-flex min-h-11 items-center gap-2 font-medium text-slate-900">
          <input
            type="checkbox"
            className="size-5 accent-indigo-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-700"
            aria-describedby="routing-warm-hint"
            {...form.register("warmTransfer")}
          />
          {t("warmTransfer")}
        </label>
        <p id="routing-warm-hint" className="field-hint max-w-2xl">
          {t("warmTransferHint")}
        </p>
      </div>

      <fieldset>
        <legend className="field-label">{t("hoursLegend")}</legend>
        <div className="mt-1 space-y-1">
          {HOURS.map((h) => (
            <label key={h} className="flex min-h-11 items-center gap-2 text-slate-800">
              <input
                type="radio"
                value={h}
                className="size-5 shrink-0 accent-indigo-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-700"
                {...form.register("hours")}
              />
              {t(HOURS_LABEL[h])}
            </label>
          ))}
        </div>
      </fieldset>

      <fieldset aria-describedby="routing-list-hint">
        <legend className="field-label">{t("listLegend")}</legend>
        <p id="routing-list-hint" className="field-hint">
          {t("listHint")}
        </p>
        {rows.length === 0 ? (
          <p className="mt-3 rounded-lg border border-slate-200 bg-slate-50 px-4 py-3 text-slate-700" data-testid="routing-empty">
            {routing.fallbackPhone ? t("emptyFallback", { phone: formatPhone(routing.fallbackPhone) }) : t("emptyNoPhone")}
          </p>
        ) : (
          <ol className="mt-3 space-y-3">
            {rows.map((_, i) => {
              const rowErrors = errors.destinations?.[i];
              const who = <span className="sr-only"> {label(i)}</span>;
              return (
                <li key={i} className="rounded-lg border border-slate-200 p-3 sm:p-4" data-testid="routing-destination">
                  <fieldset>
                    <legend className="text-sm font-semibold text-slate-900">{t("person", { position: i + 1 })}</legend>
                    <div className="mt-2 grid gap-3 sm:grid-cols-2">
                      <TextField
                        id={`routing-${i}-name`}
                        label={t("name")}
                        autoComplete="off"
                        error={errorText("destinationName", rowErrors?.name)}
                        {...form.register(`destinations.${i}.name`)}
                      />
                      <TextField
                        id={`routing-${i}-phone`}
                        label={t("phone")}
                        type="tel"
                        autoComplete="off"
                        error={errorText("phone", rowErrors?.phone)}
                        {...form.register(`destinations.${i}.phone`)}
                      />
                      <div className="sm:col-span-2">
                        <TextField
                          id={`routing-${i}-when`}
                          label={t("when")}
                          hint={t("whenHint")}
                          autoComplete="off"
                          error={errorText("when", rowErrors?.when)}
                          {...form.register(`destinations.${i}.when`)}
                        />
                      </div>
                      {warm && (
                        <div className="sm:col-span-2">
                          <SelectField
                            id={`routing-${i}-backup`}
                            label={t("backup")}
                            hint={t("backupHint")}
                            error={errorText("backup", rowErrors?.backup)}
                            {...form.register(`destinations.${i}.backup`, { setValueAs: backupValue })}
                          >
                            <option value="">{t("takeMessage")}</option>
                            {rows.map((_, j) =>
                              j === i ? null : (
                                <option key={j} value={j}>
                                  {label(j)}
                                </option>
                              ),
                            )}
                          </SelectField>
                        </div>
                      )}
                    </div>
                    <div className="mt-3 flex flex-wrap gap-2">
                      <button
                        id={`routing-${i}-up`}
                        type="button"
                        className="btn-secondary"
                        disabled={i === 0}
                        onClick={() => move(i, i - 1)}
                      >
                        {t("moveUp")}
                        {who}
                      </button>
                      <button
                        id={`routing-${i}-down`}
                        type="button"
                        className="btn-secondary"
                        disabled={i === rows.length - 1}
                        onClick={() => move(i, i + 1)}
                      >
                        {t("moveDown")}
                        {who}
                      </button>
                      <button id={`routing-${i}-remove`} type="button" className="btn-secondary" onClick={() => remove(i)}>
                        {t("remove")}
                        {who}
                      </button>
                    </div>
                  </fieldset>
                </li>
              );
            })}
          </ol>
        )}
        {listError && (
          <p className="field-error mt-2" role="alert">
            {errorText("destinations", listError)}
          </p>
        )}
        <div className="mt-3 flex flex-wrap items-center gap-3">
          <button
            id="routing-add"
            type="button"
            className="btn-secondary"
            disabled={full}
            aria-describedby={full ? "routing-full" : undefined}
            onClick={add}
          >
            {t("add")}
          </button>
          {full && (
            <p id="routing-full" className="text-sm text-slate-600">
              {t("full", { max: MAX })}
            </p>
          )}
        </div>
      </fieldset>

      <p role="status" className="sr-only">
        {announcement}
      </p>
      <button type="submit" className="btn-primary" disabled={save.isPending}>
        {save.isPending ? dash("saving") : dash("save")}
      </button>
    </form>
  );
}
