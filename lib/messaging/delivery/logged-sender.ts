// Every outgoing message, real or sandbox, is written to the notifications table before it is handed to the provider,
// then marked sent or failed. A send with a dedupe key already sent is a no-op; one that failed is tried again, so a job
// retried with backoff delivers at most once per key. A one-time code is never written in clear: the body keeps
// "••••••" in its place and the code is kept sealed beside it (secret_enc), as the verification table keeps it.
import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { notifications, phoneNumbers } from "@/db/schema";
import { logger } from "@/lib/platform/log/logger";
import { recordMessageFailure } from "@/lib/platform/metrics/metrics";
import { isE164 } from "@/lib/platform/phone/phone";
import { textRefusal, type NumberRefusal } from "@/lib/platform/phone/number-kinds";
import type { MessageSender, MessageTransport, OutgoingMessage, SendResult } from "@/lib/ports/messaging";

export class DeliveryError extends Error {
  constructor(
    readonly channel: string,
    readonly reason: string,
  ) {
    super(`${channel} delivery failed: ${reason}`);
    this.name = "DeliveryError";
  }
}

/**
 * A text addressed to something that is not an E.164 number. Telnyx refuses those ("Invalid 'to' address", error
 * 40310), so it is never handed over, and the sandbox, which stands in for Telnyx, fails it the same way: the outbox
 * shows Failed, never a Sent that the real line would not have delivered.
 */
export class InvalidRecipientError extends Error {
  readonly status = 422;
  readonly code = "40310";
  constructor(channel: string) {
    super(`${channel}: the recipient is not an E.164 phone number`);
    this.name = "InvalidRecipientError";
  }
}

export function createLoggedSender(db: Db, channel: MessageSender["channel"], transport: MessageTransport): MessageSender {
  return {
    kind: transport.kind,
    channel,
    async send(m: OutgoingMessage): Promise<SendResult> {
      const redacted = transport.kind === "sandbox" ? (v: string) => v : (v: string) => redact(v, m.redact ?? []);
      const logged = (v: string) => maskCode(redacted(v), m.oneTimeCode?.plain);
      const [inserted] = await db
        .insert(notifications)
        .values({
          userId: m.userId ?? null,
          channel,
          recipient: m.to,
          subject: m.subject ?? null,
          body: logged(m.text),
          secretEnc: m.oneTimeCode?.sealed ?? null,
          links: (m.links ?? []).map(logged),
          attachments: (m.attachments ?? []).map(({ filename, contentType }) => ({ filename, contentType })),
          status: "queued",
          provider: transport.kind,
          dedupeKey: m.dedupeKey ?? null,
        })
        .onConflictDoNothing()
        .returning({ id: notifications.id });
      let id = inserted?.id;
      if (!id) {
        const [existing] = await db
          .select({ id: notifications.id, status: notifications.status })
          .from(notifications)
          .where(eq(notifications.dedupeKey, m.dedupeKey ?? ""))
          .limit(1);
        if (!existing) throw new DeliveryError(channel, "dedupe row vanished");
        if (existing.status === "sent") return { id: existing.id, status: "sent", duplicate: true };
        id = existing.id;
      }
      const refusal = channel === "email" || !isE164(m.to) ? null : await recipientRefusal(db, m);
      if (refusal) {
        // Not a failure of the provider's: nothing is handed over and nothing is retried. The outbox shows the row as
        // failed with our code; the log names the code and the account, never the number.
        const error = `${REFUSED_PREFIX}${refusal}`;
        await db.update(notifications).set({ status: "failed", error }).where(eq(notifications.id, id));
        logger().warn({ userId: m.userId ?? null, channel, error }, "text not sent: recipient refused");
        return { id, status: "failed", duplicate: !inserted };
      }
      try {
        if (channel !== "email" && !isE164(m.to)) throw new InvalidRecipientError(channel);
        const { providerMessageId } = await transport.deliver(m);
        await db
          .update(notifications)
          .set({ status: "sent", providerMessageId, error: null, sentAt: new Date() })
          .where(eq(notifications.id, id));
        return { id, status: "sent", duplicate: !inserted };
      } catch (e) {
        // The provider's reason (status code, error code), never the message body.
        const reason = errorReason(e);
        recordMessageFailure(channel);
        await db.update(notifications).set({ status: "failed", error: reason }).where(eq(notifications.id, id));
        throw new DeliveryError(channel, reason);
      }
    },
  };
}

/** The outbox's error for a text we refused to send: "refused:notMobile", "refused:ownLine"… */
export const REFUSED_PREFIX = "refused:";

/**
 * Why a text (SMS or WhatsApp) is not sent to its recipient, whatever kind of text it is (a code, a confirmation, a
 * link, an answer): a number that cannot take a text (lib/platform/phone/number-kinds.ts), or one of our own lines
 * (the sending line, or any number of the pool), where it would only land in a practice's inbox.
 */
async function recipientRefusal(db: Db, m: OutgoingMessage): Promise<NumberRefusal | null> {
  if (m.from && m.from === m.to) return "ownLine";
  const [line] = await db.select({ id: phoneNumbers.id }).from(phoneNumbers).where(eq(phoneNumbers.phoneNumber, m.to)).limit(1);
  return line ? "ownLine" : textRefusal(m.to);
}

/** Each secret the sender named, six characters and up (a six-digit code is one), replaced wherever it appears. */
function redact(value: string, secrets: string[]): string {
  return secrets.filter((x) => x.length >= 6).reduce((v, x) => v.split(x).join("[redacted]"), value);
}

/** What stands for a one-time code in the log, whoever delivered it. */
export const CODE_MASK = "••••••";

function maskCode(value: string, code: string | undefined): string {
  return code ? value.split(code).join(CODE_MASK) : value;
}

function errorReason(e: unknown): string {
  const x = e as {
    name?: string;
    status?: number;
    statusCode?: number;
    code?: string | number;
    responseCode?: number;
    error?: unknown;
  } | null;
  // The Telnyx SDK's errors are named "Error" and carry the provider's code in the body ({ errors: [{ code: "40310" }] }).
  const name = x?.name && x.name !== "Error" ? x.name : ((e as object | null)?.constructor?.name ?? "Error");
  const providerCode = (x?.error as { errors?: { code?: unknown }[] } | undefined)?.errors?.[0]?.code;
  const code = x?.code ?? (typeof providerCode === "string" || typeof providerCode === "number" ? providerCode : undefined);
  const parts = [name, x?.status ?? x?.statusCode ?? x?.responseCode, code].filter((p) => p !== undefined && p !== null);
  return parts.join(" ").slice(0, 200);
}
