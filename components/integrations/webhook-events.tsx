"use client";
// The events an endpoint can ask for, with their readable names, and the checkboxes that choose them (the add form's and
// an endpoint's edit form's).
import { useTranslations } from "next-intl";
import { useId } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import type { Answer } from "@/lib/platform/client/api";

export type WebhookEndpoint = Answer<"/api/webhook-endpoints">["endpoints"][number];
export type WebhookEvent = WebhookEndpoint["events"][number];
export type WebhookDelivery = Answer<"/api/webhook-endpoints/{id}/deliveries">["deliveries"][number];

/** Every event, in the order the server lists them, with its label's key: the compiler says when one is missing. */
const EVENT_LABELS = {
  "appointment.booked": "appointmentBooked",
  "appointment.rescheduled": "appointmentRescheduled",
  "appointment.cancelled": "appointmentCancelled",
  "call.ended": "callEnded",
  "message.received": "messageReceived",
  "task.created": "taskCreated",
} as const satisfies Record<WebhookEvent, string>;
export const WEBHOOK_EVENTS = Object.keys(EVENT_LABELS) as WebhookEvent[];

/** The readable name of an event, or of the dashboard's test. */
export function useEventLabel() {
  const t = useTranslations("IntegrationsSection.webhooks.events");
  return (type: WebhookDelivery["type"]) => t(type === "webhook.test" ? "webhookTest" : EVENT_LABELS[type]);
}

/**
 * The events as checkboxes, registered as one field of a react-hook-form form (`register("events")` spread on each:
 * their value is the list of those checked), its error said under them.
 */
export function EventChoices({ error, testId, ...checkbox }: { error?: string; testId: string } & UseFormRegisterReturn) {
  const t = useTranslations("IntegrationsSection.webhooks");
  const label = useEventLabel();
  const id = useId();
  return (
    <fieldset data-testid={testId} aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="field-label">{t("eventsLabel")}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {WEBHOOK_EVENTS.map((event) => (
          <label key={event} className="flex items-center gap-2 text-slate-800">
            <input type="checkbox" className="size-5" value={event} aria-invalid={error ? true : undefined} {...checkbox} />
            {label(event)}
          </label>
        ))}
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm font-medium text-red-800">
          {error}
        </p>
      )}
    </fieldset>
  );
}
