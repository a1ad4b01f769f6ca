"use client";
// The invitation form of the Team page: an email and a role (a practitioner member is one of the practice's
// practitioners, chosen with the role), checked with the same schema the route reads.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { toast } from "sonner";
import { FormAlert, SelectField, TextField } from "@/components/forms/fields";
import { lazyZodResolver } from "@/components/forms/lazy-zod-resolver";
import { useErrorText } from "@/components/forms/use-error-text";
import type { inviteMemberSchema } from "@/lib/accounts/members/members.schemas";
import { api, failureText, ok, type Body } from "@/lib/platform/client/api";
import { invalidateMembers } from "@/lib/platform/client/queries/members";
import { MEMBER_ROLES, type MemberRole } from "@/lib/platform/shared/roles";

export function InviteForm({ practitioners }: { practitioners: { id: string; displayName: string }[] }) {
  const t = useTranslations("Team");
  const qc = useQueryClient();
  const errorText = useErrorText();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({
    resolver: lazyZodResolver<typeof inviteMemberSchema>(() =>
      import("@/lib/accounts/members/members.schemas").then((m) => m.inviteMemberSchema),
    ),
    defaultValues: { email: "", role: "staff" as MemberRole, practitionerId: null as string | null },
  });
  const role = useWatch({ control: form.control, name: "role" });
  const invite = useMutation({
    mutationFn: (body: Body<"/api/members", "post">) => ok(api.POST("/api/members", { body })),
    onSuccess: (m) => {
      setFailure(null);
      form.reset();
      toast.success(t("invitedToast", { email: m.email }));
      return invalidateMembers(qc);
    },
    onError: (e) => setFailure(failureText(e, t("inviteFailed"))),
  });
  const errors = form.formState.errors;
  return (
    <form
      method="post"
      noValidate
      className="grid max-w-xl gap-3 sm:grid-cols-2"
      data-testid="invite-form"
      onSubmit={form.handleSubmit((values) =>
        invite
          .mutateAsync({ ...values, practitionerId: values.role === "practitioner" ? values.practitionerId : null })
          .catch(() => undefined),
      )}
    >
      {failure && (
        <div className="sm:col-span-2">
          <FormAlert testId="invite-error">{failure}</FormAlert>
        </div>
      )}
      <TextField
        id="invite-email"
        label={t("email")}
        type="email"
        autoComplete="off"
        error={errorText("email", errors.email)}
        {...form.register("email")}
      />
      <SelectField id="invite-role" label={t("role")} error={errorText("role", errors.role)} {...form.register("role")}>
        {MEMBER_ROLES.map((r) => (
          <option key={r} value={r} disabled={r === "practitioner" && practitioners.length === 0}>
            {t(`roles.${r}`)}
          </option>
        ))}
      </SelectField>
      {role === "practitioner" && (
        <SelectField
          id="invite-practitioner"
          label={t("whichPractitioner")}
          error={errorText("practitionerId", errors.practitionerId)}
          {...form.register("practitionerId", { setValueAs: (v: string) => v || null })}
        >
          <option value="">{t("choose")}</option>
          {practitioners.map((p) => (
            <option key={p.id} value={p.id}>
              {p.displayName}
            </option>
          ))}
        </SelectField>
      )}
      <div className="sm:col-span-2">
        <button type="submit" className="btn-primary" disabled={form.formState.isSubmitting || invite.isPending}>
          {invite.isPending ? t("inviting") : t("invite")}
        </button>
      </div>
    </form>
  );
}
