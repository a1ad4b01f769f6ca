"use client";
// Admin › Numbers: add one number to the pool, typed with its country code. The server reads it (E.164, a line a person
// can call) and answers the translated reason when it refuses it, shown under the field.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { TextField } from "@/components/forms/fields";
import { lazyZodResolver } from "@/components/forms/lazy-zod-resolver";
import { useErrorText } from "@/components/forms/use-error-text";
import { api, failureText, ok, type Body } from "@/lib/platform/client/api";
import { invalidateAdmin } from "@/lib/platform/client/queries/admin";
import type { addPoolNumberSchema } from "@/lib/accounts/numbers/numbers.schemas";
import { Card } from "../ui";
import { useInternationalPhone } from "../phone";

type AddValues = Body<"/api/admin/phone-numbers", "post">;

export function AddPoolNumber() {
  const t = useTranslations("AdminNumbers");
  const errorText = useErrorText();
  const formatPhone = useInternationalPhone();
  const qc = useQueryClient();
  const form = useForm({
    resolver: lazyZodResolver<typeof addPoolNumberSchema>(() =>
      import("@/lib/accounts/numbers/numbers.schemas").then((s) => s.addPoolNumberSchema),
    ),
    defaultValues: { phoneNumber: "" },
  });
  const add = useMutation({
    mutationFn: (body: AddValues) => ok(api.POST("/api/admin/phone-numbers", { body })),
    onSuccess: async (row) => {
      toast.success(t("added", { number: formatPhone(row.phoneNumber) }));
      form.reset();
      await invalidateAdmin(qc);
    },
    // The server's reason (already in the pool, premium rate, unreadable) under the field, where the admin corrects it.
    onError: (e) => form.setError("phoneNumber", { type: "server", message: failureText(e, t("addFailed")) }),
  });
  const error = form.formState.errors.phoneNumber;
  return (
    <Card title={t("addTitle")} testId="add-pool-number">
      <form
        method="post"
        noValidate
        className="max-w-md space-y-3"
        onSubmit={form.handleSubmit((v) => add.mutateAsync(v).catch(() => undefined))}
      >
        <TextField
          id="pool-number"
          type="tel"
          autoComplete="off"
          label={t("addLabel")}
          hint={t("addHint")}
          error={error?.type === "server" ? error.message : errorText("phoneNumber", error)}
          {...form.register("phoneNumber")}
        />
        <button type="submit" className="btn-primary" disabled={add.isPending}>
          {add.isPending ? t("adding") : t("add")}
        </button>
      </form>
    </Card>
  );
}
