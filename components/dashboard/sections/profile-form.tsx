"use client";
// The profile card's edit form (components/dashboard/sections/personal-info.tsx): loaded when the owner opens it.
import { useTranslations } from "next-intl";
import { FormProvider, useForm } from "react-hook-form";
import { FormButtons } from "@/components/forms/form-buttons";
import { lazyZodResolver } from "@/components/forms/lazy-zod-resolver";
import { OwnerFields } from "@/components/forms/owner-fields";
import type { profileFormSchema } from "@/lib/accounts/account/accounts.forms";
import { formatPhone } from "@/lib/platform/phone/format";
import { useProfile } from "../session";
import { useProfileSave } from "../use-profile-save";

export default function ProfileForm({ onDone }: { onDone: () => void }) {
  const t = useTranslations("ProfileSection");
  const dash = useTranslations("Dashboard");
  const { profile } = useProfile();
  const save = useProfileSave({ success: t("updated"), failure: t("updateFailed") }, onDone);
  const form = useForm({
    resolver: lazyZodResolver<typeof profileFormSchema>(() =>
      import("@/lib/accounts/account/accounts.forms").then((f) => f.profileFormSchema),
    ),
    // The number as the owner would type it: the server reads it back in the business's country.
    defaultValues: { fullName: profile?.fullName ?? "", email: profile?.email ?? "", phone: formatPhone(profile?.phone, profile?.country) },
  });
  return (
    <FormProvider {...form}>
      <form
        method="post"
        noValidate
        className="space-y-4"
        onSubmit={form.handleSubmit((values) => save.mutateAsync(values).catch(() => undefined))}
      >
        <OwnerFields idPrefix="profile" show={["fullName", "email", "phone"]} />
        <FormButtons busy={save.isPending} onCancel={onDone} saveLabel={dash("save")} />
      </form>
    </FormProvider>
  );
}
