// Wires the domain's dependencies for route handlers and server components: the pool, the session settings, the
// providers and the job queue. The domain itself never reads this module; it receives what it needs.
import { getDb, getSql, type Db } from "@/db/client";
import type { SessionConfig } from "@/lib/accounts/auth/session";
import type { BookingDeps } from "@/lib/scheduling/booking/core";
import type { DispatchDeps } from "@/lib/messaging/notifications/dispatch";
import type { SelfServiceDeps } from "@/lib/scheduling/self-service/self-service.service";
import type { BookingPageDeps } from "@/lib/booking-page/booking-page.service";
import { checkCode, sendCode } from "@/lib/receptionist/tools/identity";
import type { AccountNoticeDeps } from "@/lib/billing/account-notices";
import { releaseUserNumber, type LineLinks } from "@/lib/accounts/numbers/numbers.service";
import { env, requireSecret, type Env } from "@/lib/platform/env";
import type { SecretBox } from "@/lib/platform/crypto/secret-box";
import { createBoss, createJobQueue, type BossQueue } from "@/lib/platform/jobs/queue";
import { JOB_QUEUES } from "./job-handlers";
import { createDialer, createProviders, providerModes, type Providers } from "@/lib/vendors/registry";
import { secretBoxFor } from "@/lib/server/secrets";
import type { VapiServer } from "@/lib/vendors/vapi/assistant";
import { handleVapiMessage } from "@/lib/vendors/vapi/webhook";
import type { ReminderCallDeps } from "@/lib/receptionist/outbound/reminder-calls";

export type AppContext = {
  db: Db;
  session: SessionConfig;
  providers: Providers;
  secrets: SecretBox;
  jobs: BossQueue;
  /** What booking needs, wired once. */
  booking: BookingDeps;
  /** What the message jobs need. */
  dispatch: DispatchDeps;
  /** What the caller's self-service page needs: booking, and the key its links are signed with. */
  selfService: SelfServiceDeps;
  /** What the public booking page needs: booking, the texted codes, and the app's address for its link. */
  bookingPage: BookingPageDeps;
  /** What the account lifecycle jobs (setup email, billing sweep) need. */
  notices: AccountNoticeDeps;
  /** What a number a business takes is linked with: its messaging profile, the voice platform and our webhook. */
  lines: LineLinks;
  /** Where the voice platform posts a call's messages, the secret it sends with them, and whether it is the sandbox. */
  voiceWebhook: VoiceWebhook;
  /**
   * What placing reminder calls needs: booking and the dialer. `now`: the clock of a sandbox run at another time, which
   * the sandbox's callee answers on too.
   */
  reminderCalls: (now?: () => Date) => ReminderCallDeps;
};

export type VoiceWebhook = VapiServer & { sandbox: boolean };

const globalForCtx = globalThis as unknown as { __receptaCtx?: AppContext };

export function appContext(): AppContext {
  if (!globalForCtx.__receptaCtx) {
    const e = env();
    const db = getDb();
    const secret = requireSecret("AUTH_SECRET");
    const providers = createProviders(db, e, secret);
    const secrets = secretBoxFor({ ENCRYPTION_KEY: requireSecret("ENCRYPTION_KEY"), ENCRYPTION_KEYS_OLD: e.ENCRYPTION_KEYS_OLD });
    const jobs = createJobQueue(createBoss(getSql()), JOB_QUEUES);
    const voiceWebhook = voiceWebhookFor(e);
    const booking: BookingDeps = { db, calendar: providers.calendar, secrets, jobs };
    globalForCtx.__receptaCtx = {
      db,
      session: { secret, appUrl: e.appUrl },
      providers,
      secrets,
      jobs,
      booking,
      dispatch: {
        db,
        email: providers.email,
        sms: providers.sms,
        whatsapp: providers.whatsapp,
        appUrl: e.appUrl,
        mailFrom: e.MAIL_FROM,
        linkSecret: secret,
      },
      selfService: { ...booking, linkSecret: secret },
      bookingPage: {
        ...booking,
        appUrl: e.appUrl,
        codes: {
          send: (call, phone, language) => sendCode(booking, call, phone, language),
          check: (call, code) => checkCode(booking, call, code),
        },
      },
      notices: {
        db,
        email: providers.email,
        appUrl: e.appUrl,
        supportEmail: e.PUBLIC_CONTACT_EMAIL,
        releaseNumber: (userId) => releaseUserNumber(db, userId, "lapsed", providers),
      },
      lines: lineLinks(providers, voiceWebhook),
      voiceWebhook,
      reminderCalls: (now) => {
        const deps: BookingDeps = now ? { ...booking, now } : booking;
        const deliver = (payload: unknown) => handleVapiMessage({ ...deps, ...voiceWebhook }, payload);
        return { ...deps, dial: createDialer(e, voiceWebhook, deliver, now) };
      },
    };
  }
  return globalForCtx.__receptaCtx;
}

/** The voice platform's webhook settings, from the environment: the one place they are put together. */
export function voiceWebhookFor(e: Env & { appUrl: string }): VoiceWebhook {
  return {
    serverUrl: `${e.appUrl}/api/webhooks/vapi`,
    webhookSecret: requireSecret("VAPI_WEBHOOK_SECRET"),
    sandbox: providerModes(e).voice === "sandbox",
  };
}

/** The providers a business's number is linked with, and the URL the voice platform calls for it. */
export function lineLinks(providers: Pick<Providers, "voice" | "telephony">, webhook: VoiceWebhook): LineLinks {
  return { voice: providers.voice, telephony: providers.telephony, serverUrl: webhook.serverUrl };
}

/** Tests reset the wiring when they change the environment. */
export function resetAppContext(): void {
  globalForCtx.__receptaCtx = undefined;
}
