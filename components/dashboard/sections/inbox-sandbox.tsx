"use client";
// The inbox's sandbox form: a caller texting the business's line, as the signed event a real text would be.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useHydrated } from "@/lib/platform/client/use-hydrated";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { FormAlert, SelectField, TextField } from "@/components/forms/fields";
import { lazyZodResolver } from "@/components/forms/lazy-zod-resolver";
import { useErrorText } from "@/components/forms/use-error-text";
import { api, ok, failureText, SessionExpiredError } from "@/lib/platform/client/api";
import { invalidateThreads } from "@/lib/platform/client/queries/threads";
import { Card } from "../ui";
import type { sandboxTextSchema } from "@/lib/messaging/inbox/inbox.schemas";

type SandboxValues = { from: string; text: string; channel: "sms" | "whatsapp" };

/** A text from a pretend caller; the inbox is read again once it is in. */
export function SandboxText() {
  const t = useTranslations("InboxSection");
  const fields = useTranslations("Fields");
  const errorText = useErrorText();
  const qc = useQueryClient();
  const form = useForm({
    resolver: lazyZodResolver<typeof sandboxTextSchema>(() =>
      import("@/lib/messaging/inbox/inbox.schemas").then((s) => s.sandboxTextSchema),
    ),
    defaultValues: { from: "", text: "", channel: "sms" },
  });
  const [failure, setFailure] = useState<string | null>(null);
  // Sent before the page's code runs, the form would post itself and reload the page, text lost: the button waits.
  const hydrated = useHydrated();
  const post = useMutation({
    mutationFn: (body: SandboxValues) => ok(api.POST("/api/sandbox/texts", { body })),
    onSuccess: async (res) => {
      toast.success(t.has(`sandbox.actions.${res.action}`) ? t(`sandbox.actions.${res.action}`) : t("sandbox.received"));
      form.reset({ ...form.getValues(), text: "" });
      await invalidateThreads(qc);
    },
    // Said once, in the form it is about (a toast would say it a second time).
    onError: (e) => {
      if (e instanceof SessionExpiredError) return;
      setFailure(failureText(e, t("sandbox.failed")));
    },
  });
  const { errors } = form.formState;
  return (
    <Card title={t("sandbox.title")} testId="sandbox-text">
      <p className="mb-4 text-sm text-slate-600">{t("sandbox.text")}</p>
      <form
        method="post"
        noValidate
        className="space-y-3"
        onSubmit={form.handleSubmit((v) => {
          setFailure(null);
          return post.mutateAsync(v).catch(() => undefined);
        })}
      >
        {failure && <FormAlert testId="sandbox-text-error">{failure}</FormAlert>}
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField
            id="sandbox-from"
            type="tel"
            autoComplete="off"
            label={t("sandbox.from")}
            error={errorText("from", errors.from)}
            {...form.register("from")}
          />
          <SelectField id="sandbox-channel" label={fields("channel")} {...form.register("channel")}>
            <option value="sms">{t("channels.sms")}</option>
            <option value="whatsapp">{t("channels.whatsapp")}</option>
          </SelectField>
        </div>
        <TextField
          id="sandbox-text"
          autoComplete="off"
          label={fields("text")}
          error={errorText("text", errors.text)}
          {...form.register("text")}
        />
        <button type="submit" className="btn-secondary" disabled={!hydrated || post.isPending}>
          {t("sandbox.send")}
        </button>
      </form>
    </Card>
  );
}
