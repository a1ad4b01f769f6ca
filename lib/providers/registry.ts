// Picks each provider: the real adapter when its credentials are in the environment, the sandbox otherwise.
// The sandbox is never used when credentials are configured; a kind whose real adapter has not shipped yet refuses
// clearly (503) instead of pretending.
import type { Db } from "@/db/client";
import type { Env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import type { BillingPort } from "./billing/port";
import { createSandboxBilling } from "./billing/sandbox";
import { createStripeBilling } from "./billing/stripe";
import type { CalendarPort } from "./calendar/port";
import { createSandboxCalendar } from "./calendar/sandbox";
import { createGoogleCalendar, googleCalendarOptions } from "./calendar/google";
import type { MessageSender } from "./messaging/port";
import { createLoggedSender } from "./messaging/logged-sender";
import { sandboxTransport } from "./messaging/sandbox";
import type { TelephonyPort } from "./telephony/port";
import { createSandboxTelephony } from "./telephony/sandbox";
import type { VoicePort } from "./voice/port";
import { createSandboxVoice } from "./voice/sandbox";
import { createVapiVoice } from "./voice/vapi";
import { createTelnyxTelephony } from "./telephony/telnyx";
import { createTelnyxSmsTransport, createTelnyxWhatsAppTransport } from "./messaging/telnyx";
import { createSmtpTransport } from "./messaging/smtp";

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
  const telnyx = { apiKey: e.TELNYX_API_KEY ?? "", baseUrl: e.TELNYX_BASE_URL, messagingProfileId: e.TELNYX_MESSAGING_PROFILE_ID, webhookUrl: telnyxWebhook };
  return {
    calendar: real("calendar") ? createGoogleCalendar(googleCalendarOptions(e)!) : createSandboxCalendar(secret, db),
    telephony: real("telephony") ? createTelnyxTelephony(telnyx) : createSandboxTelephony(),
    voice: !real("voice")
      ? createSandboxVoice()
      : e.VAPI_TELNYX_CREDENTIAL_ID && e.VAPI_WEBHOOK_SECRET
        ? createVapiVoice({ apiKey: e.VAPI_API_KEY!, baseUrl: e.VAPI_BASE_URL, telnyxCredentialId: e.VAPI_TELNYX_CREDENTIAL_ID, webhookSecret: e.VAPI_WEBHOOK_SECRET })
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

/** Every call answers 503 "credentials are configured, but this build has no adapter yet". */
function notYetAvailable<T>(provider: string): T {
  return new Proxy({} as object, {
    get(_, prop) {
      if (prop === "kind") return "unavailable";
      if (prop === "then") return undefined;
      return () => Promise.reject(new AppError("unavailable", "providerNotAvailable", { provider }));
    },
  }) as T;
}
