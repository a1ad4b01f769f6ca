// Picks each provider: the real adapter when its credentials are in the environment, the sandbox otherwise.
// The sandbox is never used when credentials are configured; a kind whose real adapter has not shipped yet refuses
// clearly (503) instead of pretending.
import type { Db } from "@/db/client";
import type { Env } from "@/lib/platform/env";
import { AppError } from "@/lib/platform/errors";
import type { BillingPort } from "@/lib/ports/billing";
import { createSandboxBilling } from "@/lib/vendors/stripe/sandbox-billing";
import { createStripeBilling } from "@/lib/vendors/stripe/billing";
import type { CalendarProvider, Calendars } from "@/lib/ports/calendar";
import { createSandboxCalendar } from "@/lib/vendors/calendar-sandbox/sandbox-calendar";
import { createGoogleCalendar, googleCalendarOptions } from "@/lib/vendors/google/calendar";
import { createCalendarRouter } from "@/lib/scheduling/calendar/calendar-router";
import { createMicrosoftCalendar, microsoftCalendarOptions } from "@/lib/vendors/microsoft/calendar";
import { createCaldavCalendar } from "@/lib/vendors/caldav/calendar";
import type { MessageSender } from "@/lib/ports/messaging";
import { createLoggedSender } from "@/lib/messaging/delivery/logged-sender";
import { sandboxTransport } from "@/lib/messaging/delivery/sandbox-transport";
import type { TelephonyPort } from "@/lib/ports/telephony";
import { createSandboxTelephony } from "@/lib/vendors/telnyx/sandbox-telephony";
import type { VoicePort } from "@/lib/ports/voice";
import { createSandboxVoice } from "@/lib/vendors/vapi/sandbox-voice";
import { createVapiVoice } from "@/lib/vendors/vapi/voice";
import type { Dialer } from "@/lib/receptionist/outbound/dialer";
import type { VapiServer } from "@/lib/vendors/vapi/assistant";
import { createVapiDialer } from "@/lib/vendors/vapi/dialer";
import { createSandboxDialer, type Deliver } from "@/lib/vendors/vapi/sandbox-callee";
import { createTelnyxTelephony } from "@/lib/vendors/telnyx/telephony";
import { createTelnyxSmsTransport, createTelnyxWhatsAppTransport } from "@/lib/vendors/telnyx/messaging";
import { createSmtpTransport } from "@/lib/vendors/smtp/transport";

export type Providers = {
  calendar: Calendars;
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
    calendar: calendarRouter(db, e, secret),
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
 * How reminder calls are placed: through Vapi when it is configured, else by the sandbox's callee, whose answers reach
 * `deliver` (our webhook's reading of Vapi's messages) on the sandbox's `clock`.
 */
export function createDialer(e: Env, server: VapiServer, deliver: Deliver, clock?: () => Date): Dialer {
  return providerModes(e).voice === "real"
    ? createVapiDialer({ apiKey: e.VAPI_API_KEY!, baseUrl: e.VAPI_BASE_URL, server })
    : createSandboxDialer(deliver, clock);
}

/**
 * Whether each calendar provider takes new connections for real or through its sandbox twin: Google and Microsoft when
 * their OAuth clients are configured, CalDAV when enabled (its servers are the owners', reached over the internet).
 */
export function calendarModes(e: Env): Record<CalendarProvider, "real" | "sandbox"> {
  return {
    google: providerModes(e).calendar,
    microsoft: e.MICROSOFT_CLIENT_ID && e.MICROSOFT_CLIENT_SECRET ? "real" : "sandbox",
    caldav: e.CALDAV_ENABLED === "true" ? "real" : "sandbox",
  };
}

/**
 * New connections with a provider go to it when it is configured, else to its sandbox twin; an existing connection is
 * served by the adapter it was made with (createCalendarRouter).
 */
function calendarRouter(db: Db, e: Env & { appUrl: string }, secret: string): Calendars {
  const modes = calendarModes(e);
  const google = googleCalendarOptions(e);
  const microsoft = microsoftCalendarOptions(e);
  return createCalendarRouter({
    google: { real: google && createGoogleCalendar(google), sandbox: createSandboxCalendar(secret, db, "google") },
    microsoft: { real: microsoft && createMicrosoftCalendar(microsoft), sandbox: createSandboxCalendar(secret, db, "microsoft") },
    caldav: { real: modes.caldav === "real" ? createCaldavCalendar() : null, sandbox: createSandboxCalendar(secret, db, "caldav") },
  });
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
