"use client";
// The fields of a webhook endpoint, one form for adding one (its address, description, events and the owner's password)
// and editing one (its events). Checked by the routes' own schema, loaded on the first submit: a field left empty or
// too long is named under it; what the server refuses otherwise (an address it will not send to, a password needed)
// shows above the form.
import { useTranslations } from "next-intl";
import { useId } from "react";
import { useForm, type UseFormReturn } from "react-hook-form";
import type { z } from "zod";
import { TextField } from "@/components/forms/fields";
import { lazyZodResolver } from "@/components/forms/lazy-zod-resolver";
import { useErrorText } from "@/components/forms/use-error-text";
import type { Body } from "@/lib/platform/client/api";
import type { webhookEndpointSchema } from "@/lib/accounts/webhooks/webhooks.schemas";
import { EventChoices } from "./webhook-events";

type Schema = typeof webhookEndpointSchema;
/** What the form holds; `enabled` only the edit form shows (a new endpoint is on). */
export type EndpointDraft = z.input<Schema>;
export type EndpointForm = UseFormReturn<EndpointDraft, unknown, z.output<Schema>>;

export function useEndpointForm(defaultValues: EndpointDraft): EndpointForm {
  return useForm({
    resolver: lazyZodResolver<Schema>(() => import("@/lib/accounts/webhooks/webhooks.schemas").then((s) => s.webhookEndpointSchema)),
    defaultValues,
  });
}

/** The body the routes read: an empty password is none (a fresh sign-in is proof enough). */
export function endpointBody({ password, ...endpoint }: z.output<Schema>): Body<"/api/webhook-endpoints", "post"> {
  return { ...endpoint, ...(password ? { password } : {}) };
}

/**
 * Adding, every field; editing, the events alone (its on/off switch is the edit form's): the address and description
 * are sent back as they are. The dashboard changes no address: another address is a new endpoint, added with the
 * password and told to the owner by email.
 */
export function EndpointFields({ form, kind }: { form: EndpointForm; kind: "add" | "edit" }) {
  const t = useTranslations("IntegrationsSection.webhooks");
  const errorText = useErrorText();
  const ids = { url: useId(), description: useId(), password: useId() };
  const { errors } = form.formState;
  const events = (
    <EventChoices
      error={errorText("events", errors.events)}
      testId={kind === "add" ? "webhook-add-events" : "webhook-edit-events"}
      {...form.register("events")}
    />
  );
  if (kind === "edit") return events;
  return (
    <>
      <TextField
        id={ids.url}
        label={t("url")}
        type="url"
        inputMode="url"
        autoComplete="off"
        spellCheck={false}
        placeholder="https://"
        error={errorText("url", errors.url)}
        data-testid="webhook-url"
        {...form.register("url")}
      />
      <TextField
        id={ids.description}
        label={t("descriptionLabel")}
        maxLength={200}
        error={errorText("description", errors.description)}
        data-testid="webhook-description"
        {...form.register("description")}
      />
      {events}
      <TextField
        id={ids.password}
        type="password"
        label={t("password")}
        hint={t("passwordHint")}
        autoComplete="current-password"
        maxLength={200}
        error={errorText("password", errors.password)}
        {...form.register("password")}
      />
    </>
  );
}
