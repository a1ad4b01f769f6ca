// Picks each provider: the real adapter when its credentials are in the environment, the sandbox otherwise.
// The sandbox is never used when credentials are configured; a kind whose real adapter has not shipped yet refuses
// clearly (503) instead of pretending.
import type { Db } from "@/db/client";
import type { Env } from "@/lib/platform/env";
import { AppError } from "@/lib/platform/errors";
import type { BillingPort } from "@/lib/ports/billing";
import { createSandboxBilling } from "@/lib/vendors/stripe/sandbox-billing";
import { createStripeBilling } from "@/lib/vendors/stripe/billing";
import type { CalendarPort } from "@/lib/ports/calendar";
import { createSandboxCalendar } from "@/lib/vendors/google/sandbox-calendar";
import { createGoogleCalendar, googleCalendarOptions } from "@/lib/vendors/google/calendar";
import { createCalendarRouter, retiredCalendar } from "@/lib/scheduling/calendar/calendar-router";
import type { MessageSender } from "@/lib/ports/messaging";
import { createLoggedSender } from "@/lib/messaging/delivery/logged-sender";
import { sandboxTransport } from "@/lib/messaging/delivery/sandbox-transport";
import type { TelephonyPort } from "@/lib/ports/telephony";
import { createSandboxTelephony } from "@/lib/vendors/telnyx/sandbox-telephony";
import type { VoicePort } from "@/lib/ports/voice";
import { createSandboxVoice } from "@/lib/vendors/vapi/sandbox-voice";
import { createVapiVoice } from "@/lib/vendors/vapi/voice";
import { createTelnyxTelephony } from "@/lib/vendors/telnyx/telephony";
import { createTelnyxSmsTransport, createTelnyxWhatsAppTransport } from "@/lib/vendors/telnyx/messaging";
import { createSmtpTransport } from "@/lib/vendors/smtp/transport";

export type Providers = {
  calendar: CalendarPort;
  telephony: TelephonyPort;
  voice: VoicePort;
  billing: BillingPort;
  email: MessageSender;
  sms: MessageSender;
  whatsapp: MessageSender;
};

export type ProviderModes = Record<keyof Providers, "real" | "sandbox">;

export function providerModes(e: Env): ProviderModes {
  const mode = (configured: boolean): "real" | "sandbox" => (configured ? "real" : "sandbox");
  return {
    calendar: mode(!!(e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET)),
    telephony: mode(!!e.TELNYX_API_KEY),
    voice: mode(!!e.VAPI_API_KEY),
    billing: mode(!!e.STRIPE_SECRET_KEY),
    email: mode(!!e.SMTP_URL),
    sms: mode(!!e.TELNYX_API_KEY),
    whatsapp: mode(!!e.TELNYX_API_KEY),
  };
}

export function createProviders(db: Db, e: Env & { appUrl: string }, secret: string): Providers {
  const modes = providerModes(e);
  const real = (kind: keyof Providers) => modes[kind] === "real";
  const telnyxWebhook = `${e.appUrl}/api/webhooks/telnyx`;
  const telnyx = {
    apiKey: e.TELNYX_API_KEY ?? "",
    baseUrl: e.TELNYX_BASE_URL,
    messagingProfileId: e.TELNYX_MESSAGING_PROFILE_ID,
    webhookUrl: telnyxWebhook,
  };
  return {
    calendar: calendarRouter(db, e, secret, real("calendar")),
    telephony: real("telephony")
      ? createTelnyxTelephony({ ...telnyx, poolProfileId: e.TELNYX_MESSAGING_PROFILE_ID })
      : createSandboxTelephony(),
    voice: !real("voice")
      ? createSandboxVoice()
      : e.VAPI_TELNYX_CREDENTIAL_ID && e.VAPI_WEBHOOK_SECRET
        ? createVapiVoice({
            apiKey: e.VAPI_API_KEY!,
            baseUrl: e.VAPI_BASE_URL,
            telnyxCredentialId: e.VAPI_TELNYX_CREDENTIAL_ID,
            webhookSecret: e.VAPI_WEBHOOK_SECRET,
          })
        : notYetAvailable<VoicePort>("Vapi (VAPI_TELNYX_CREDENTIAL_ID)"),
    billing: real("billing")
      ? createStripeBilling({
          secretKey: e.STRIPE_SECRET_KEY!,
          appUrl: e.appUrl,
          apiBase: e.STRIPE_API_BASE,
          priceId: e.STRIPE_PRICE_ID,
          paymentLink: e.STRIPE_PAYMENT_LINK,
          portalLoginUrl: e.STRIPE_PORTAL_URL,
        })
      : createSandboxBilling(e.appUrl),
    email: createLoggedSender(db, "email", real("email") ? createSmtpTransport({ url: e.SMTP_URL!, from: e.MAIL_FROM }) : sandboxTransport),
    sms: createLoggedSender(db, "sms", real("sms") ? createTelnyxSmsTransport(telnyx) : sandboxTransport),
    whatsapp: createLoggedSender(
      db,
      "whatsapp",
      real("whatsapp") ? createTelnyxWhatsAppTransport({ ...telnyx, fromNumber: e.TELNYX_WHATSAPP_NUMBER }) : sandboxTransport,
    ),
  };
}

/**
 * New connections go to Google when it is configured, else to the sandbox; an existing connection is served by the
 * provider it was made with. With Google configured, a connection still on the sandbox is a grant to renew (its owner is
 * told to connect the real calendar: retiredCalendar); a Google connection on a deployment without Google answers 503
 * (createCalendarRouter), since the grant itself may be fine.
 */
function calendarRouter(db: Db, e: Env & { appUrl: string }, secret: string, google: boolean) {
  const sandbox = createSandboxCalendar(secret, db);
  if (!google) return createCalendarRouter(sandbox, { sandbox });
  const real = createGoogleCalendar(googleCalendarOptions(e)!);
  return createCalendarRouter(real, { google: real, sandbox: retiredCalendar(sandbox) });
}

/** Every call answers 503 "credentials are configured, but this build has no adapter yet". */
function notYetAvailable<T>(provider: string): T {
  return new Proxy(
    {},
    {
      get(_, prop) {
        if (prop === "kind") return "unavailable";
        if (prop === "then") return undefined;
        return () => Promise.reject(new AppError("unavailable", "providerNotAvailable", { provider }));
      },
    },
  ) as T;
}
