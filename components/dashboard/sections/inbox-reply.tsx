"use client";
// A thread's reply form (components/dashboard/sections/inbox.tsx): SMS, or WhatsApp while the caller's window is open.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useLocale, useTranslations } from "next-intl";
import { useId, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { toast } from "sonner";
import { FormAlert, SelectField, TextAreaField } from "@/components/forms/fields";
import { lazyZodResolver } from "@/components/forms/lazy-zod-resolver";
import { useErrorText } from "@/components/forms/use-error-text";
import type { threadReplySchema } from "@/lib/messaging/inbox/inbox.schemas";
import { REPLY_MAX } from "@/lib/messaging/inbox/limits";
import { api, ok, failureText, SessionExpiredError, type Answer } from "@/lib/platform/client/api";
import { invalidateThreads } from "@/lib/platform/client/queries/threads";
import { formatDateTime } from "@/lib/platform/format/intl";
import { useProfile } from "../session";

type ThreadDetail = Answer<"/api/threads/{id}">;

type ReplyValues = { channel: "sms" | "whatsapp"; text: string };

export default function ReplyForm({ thread }: { thread: ThreadDetail }) {
  const t = useTranslations("InboxSection");
  const fields = useTranslations("Fields");
  const errorText = useErrorText();
  const locale = useLocale();
  const { profile } = useProfile();
  const qc = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const whatsappOpen = thread.whatsappWindowEndsAt !== null;
  const channel: ReplyValues["channel"] = whatsappOpen && thread.lastText?.channel === "whatsapp" ? "whatsapp" : "sms";
  const form = useForm({
    resolver: lazyZodResolver<typeof threadReplySchema>(() =>
      import("@/lib/messaging/inbox/inbox.schemas").then((s) => s.threadReplySchema),
    ),
    defaultValues: { channel, text: "" },
  });
  const send = useMutation({
    mutationFn: (body: ReplyValues) => ok(api.POST("/api/threads/{id}/messages", { params: { path: { id: thread.id } }, body })),
    onSuccess: async () => {
      toast.success(t("sent"));
      form.reset({ channel: form.getValues("channel"), text: "" });
      await invalidateThreads(qc);
    },
    // Said once, in the form it is about (a toast would say it a second time).
    onError: (e) => {
      if (e instanceof SessionExpiredError) return;
      setFailure(failureText(e, t("sendFailed")));
    },
  });
  const hintId = useId();
  const { errors } = form.formState;
  const length = useWatch({ control: form.control, name: "text" }).length;
  return (
    <form
      method="post"
      noValidate
      className="mt-6 space-y-3 border-t border-slate-200 pt-4"
      onSubmit={form.handleSubmit((v) => {
        setFailure(null);
        return send.mutateAsync(v).catch(() => undefined);
      })}
      aria-label={t("replyLabel")}
    >
      {failure && <FormAlert testId="reply-error">{failure}</FormAlert>}
      <SelectField
        id={`reply-channel-${thread.id}`}
        label={fields("channel")}
        error={errorText("channel", errors.channel)}
        aria-describedby={hintId}
        {...form.register("channel")}
      >
        <option value="sms">{t("channels.sms")}</option>
        <option value="whatsapp" disabled={!whatsappOpen}>
          {t("channels.whatsapp")}
        </option>
      </SelectField>
      <p id={hintId} className="text-xs text-slate-600" data-testid="whatsapp-window">
        {whatsappOpen
          ? t("whatsappOpenUntil", { time: formatDateTime(thread.whatsappWindowEndsAt, locale, profile?.timeZone) })
          : t("whatsappClosed")}
      </p>
      <TextAreaField
        id={`reply-text-${thread.id}`}
        label={t("yourReply")}
        rows={3}
        maxLength={REPLY_MAX}
        hint={t("length", { count: length, max: REPLY_MAX })}
        error={errorText("text", errors.text)}
        {...form.register("text")}
      />
      <button type="submit" className="btn-primary" disabled={send.isPending}>
        {send.isPending ? t("sending") : t("send")}
      </button>
    </form>
  );
}
