"use client";
// The business card's edit form (components/dashboard/sections/business-info.tsx).
import { useTranslations } from "next-intl";
import { FormProvider, useForm } from "react-hook-form";
import { BusinessFields } from "@/components/forms/business-fields";
import { lazyZodResolver } from "@/components/forms/lazy-zod-resolver";
import type { businessFormSchema } from "@/lib/accounts/account/accounts.forms";
import { useProfile } from "../session";
import { useProfileSave } from "../use-profile-save";
import { FormButtons } from "@/components/forms/form-buttons";

export default function BusinessForm({ onDone }: { onDone: () => void }) {
  const t = useTranslations("BusinessSection");
  const dash = useTranslations("Dashboard");
  const { profile } = useProfile();
  const save = useProfileSave({ success: t("updated"), failure: t("updateFailed") }, onDone);
  const form = useForm({
    resolver: lazyZodResolver<typeof businessFormSchema>(() =>
      import("@/lib/accounts/account/accounts.forms").then((f) => f.businessFormSchema),
    ),
    defaultValues: {
      businessName: profile?.businessName ?? "",
      businessType: profile?.businessType ?? null,
      specialty: profile?.specialty ?? null,
      businessSize: profile?.businessSize ?? null,
      businessAddress: profile?.businessAddress ?? "",
      timeZone: profile?.timeZone ?? "UTC",
      serviceFrequency: profile?.serviceFrequency ?? "",
      services: (profile?.services ?? []).join(", "),
      aiInstructions: profile?.aiInstructions ?? "",
    },
  });
  return (
    <FormProvider {...form}>
      <form
        method="post"
        noValidate
        className="space-y-4"
        onSubmit={form.handleSubmit(({ specialty, ...values }) =>
          save.mutateAsync({ ...values, specialty: values.businessType === "medical" ? (specialty ?? null) : null }).catch(() => undefined),
        )}
      >
        <BusinessFields
          idPrefix="business"
          show={["businessName", "businessType", "businessAddress", "timeZone", "serviceFrequency", "services", "aiInstructions"]}
        />
        <FormButtons busy={save.isPending} onCancel={onDone} saveLabel={dash("save")} />
      </form>
    </FormProvider>
  );
}
