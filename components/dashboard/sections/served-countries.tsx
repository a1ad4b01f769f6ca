"use client";
// The numbers the receptionist dials and texts are numbers a person answers, in the countries the practice serves: its
// own, plus those the owner adds here (a practice near a border). Saved numbers that break the rule (saved before it,
// or of a country since dropped) are listed with why: no call is put through to them until they are changed.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useLocale, useTranslations } from "next-intl";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { FormAlert, TextField } from "@/components/forms/fields";
import { lazyZodResolver } from "@/components/forms/lazy-zod-resolver";
import { useErrorText } from "@/components/forms/use-error-text";
import { api, failureText, ok, type Answer } from "@/lib/platform/client/api";
import { callRoutingKeys } from "@/lib/platform/client/queries/call-routing";
import type { servedCountriesFormSchema } from "@/lib/receptionist/routing/routing.forms";

type Routing = Answer<"/api/call-routing">;

/** The saved numbers no call goes to, each with the server's reason in the owner's language. */
export function RefusedNumbers({ routing }: { routing: Routing }) {
  const t = useTranslations("RoutingSection");
  if (!routing.refused.length) return null;
  return (
    <div className="mb-6">
      <FormAlert tone="info" testId="routing-refused">
        <p className="font-semibold">{t("refusedTitle")}</p>
        <p className="mt-1">{t("refusedHint")}</p>
        <ul className="mt-2 list-disc space-y-1 pl-5">
          {routing.refused.map((r) => (
            <li key={`${r.position ?? "owner"}-${r.phone}`}>{r.message}</li>
          ))}
        </ul>
      </FormAlert>
    </div>
  );
}

/**
 * The countries besides its own whose numbers the practice calls and texts, typed as two-letter codes on one line.
 * Checked by the route's own schema (loaded on the first submit): too many countries are named under the field; a code
 * no country has, or a saved number the change would refuse, is the server's to say, above the form.
 */
export function ServedCountries({ routing }: { routing: Routing }) {
  const t = useTranslations("RoutingSection");
  const fields = useTranslations("Fields");
  const errorText = useErrorText();
  const qc = useQueryClient();
  const form = useForm({
    resolver: lazyZodResolver<typeof servedCountriesFormSchema>(() =>
      import("@/lib/receptionist/routing/routing.forms").then((f) => f.servedCountriesFormSchema),
    ),
    defaultValues: { servedCountries: routing.servedCountries.join(", ") },
  });
  const [failure, setFailure] = useState<string | null>(null);
  const own = countryLabel(routing.country, useLocale());
  const save = useMutation({
    // The saved routing goes back as it is: only the countries change (a number refused meanwhile is named in the error).
    mutationFn: (servedCountries: string[]) =>
      ok(
        api.PUT("/api/call-routing", {
          body: {
            warmTransfer: routing.warmTransfer,
            hours: routing.hours,
            destinations: routing.destinations.map((d) => ({ name: d.name, phone: d.phone, when: d.when, backup: d.backup })),
            servedCountries,
          },
        }),
      ),
    onSuccess: (saved) => {
      setFailure(null);
      form.reset({ servedCountries: saved.servedCountries.join(", ") });
      qc.setQueryData(callRoutingKeys.all, saved);
      toast.success(t("countriesSaved"));
    },
    onError: (e) => setFailure(failureText(e, t("saveFailed"))),
  });
  return (
    <form
      method="post"
      noValidate
      className="space-y-3"
      data-testid="served-countries"
      onSubmit={form.handleSubmit(({ servedCountries }) => save.mutateAsync(servedCountries).catch(() => undefined))}
    >
      {failure && <FormAlert testId="served-countries-error">{failure}</FormAlert>}
      <TextField
        id="served-countries"
        label={fields("servedCountries")}
        hint={t("countriesHint", { own })}
        autoComplete="off"
        // One code too long is an error at its place in the list, which reads as the field's "not valid".
        error={errorText("servedCountries", form.formState.errors.servedCountries)}
        {...form.register("servedCountries")}
      />
      <button type="submit" className="btn-secondary" disabled={save.isPending || form.formState.isSubmitting}>
        {t("countriesSave")}
      </button>
    </form>
  );
}

/** "France (FR)" in the page's language. */
function countryLabel(code: string, locale: string): string {
  try {
    const name = new Intl.DisplayNames([locale], { type: "region" }).of(code);
    return name && name !== code ? `${name} (${code})` : code;
  } catch {
    return code;
  }
}
