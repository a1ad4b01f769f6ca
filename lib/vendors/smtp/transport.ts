// Email through any SMTP relay (SES, Postmark, Mailgun… all speak it), configured by one URL:
// smtp://user:pass@host:587 (STARTTLS when offered), smtps://user:pass@host:465 (implicit TLS). nodemailer reads
// transport options from the query too, e.g. ?requireTLS=true, or ?ignoreTLS=true for a plain local catcher.
import nodemailer, { type Transporter } from "nodemailer";
import type { MessageTransport, OutgoingMessage } from "@/lib/ports/messaging";

export type SmtpTransport = MessageTransport & {
  /** Connects and authenticates once: a settings page or a start-up check, never before each send. */
  verify(): Promise<void>;
  /** Closes the pooled connections; the next delivery opens new ones. */
  close(): void;
};

/**
 * Carries what the logged sender records (name, SMTP reply code, nodemailer's code) and nothing else: nodemailer's own
 * error text quotes the server's reply, which often repeats the recipient's address.
 */
export class SmtpDeliveryError extends Error {
  constructor(
    readonly code: string,
    readonly responseCode?: number,
  ) {
    super(`SMTP delivery failed: ${code}${responseCode ? ` ${responseCode}` : ""}`);
    this.name = "SmtpDeliveryError";
  }
}

export function createSmtpTransport(opts: { url: string; from: string }): SmtpTransport {
  let mailer: Transporter | null = null;
  // One pool per process, opened on the first message: a transport per send leaks sockets in a long-lived worker, and
  // `next build` must not connect. Options in the URL win over these defaults (nodemailer merges the URL last).
  const get = () =>
    (mailer ??= nodemailer.createTransport({
      url: opts.url,
      pool: true,
      maxConnections: 3,
      // nodemailer waits 2 min to connect and 10 min on a silent socket by default; a job retries sooner than that.
      connectionTimeout: 15_000,
      greetingTimeout: 15_000,
      socketTimeout: 60_000,
      logger: false,
      debug: false,
    }));

  return {
    kind: "smtp",

    async deliver(m: OutgoingMessage) {
      let info: { messageId?: string; rejected?: unknown[] };
      try {
        info = await get().sendMail({
          // The configured sender only: m.from is the business's phone number on the SMS and WhatsApp channels.
          from: opts.from,
          to: m.to,
          subject: m.subject ?? "",
          text: m.text,
          html: m.html ?? undefined,
          attachments: (m.attachments ?? []).map((a) => ({ filename: a.filename, content: a.content, contentType: a.contentType })),
        });
      } catch (e) {
        throw sanitized(e);
      }
      // With a single recipient nodemailer usually fails the whole send (EENVELOPE) instead; this covers relays that
      // take the message for some recipients and refuse others.
      const to = m.to.trim().toLowerCase();
      if ((info.rejected ?? []).some((r) => addressOf(r) === to)) throw new SmtpDeliveryError("EENVELOPE", 550);
      return { providerMessageId: info.messageId ?? null };
    },

    async verify() {
      try {
        await get().verify();
      } catch (e) {
        throw sanitized(e);
      }
    },

    close() {
      mailer?.close();
      mailer = null;
    },
  };
}

function addressOf(r: unknown): string {
  const address = typeof r === "string" ? r : (r as { address?: string } | null)?.address;
  return (address ?? "").trim().toLowerCase();
}

function sanitized(e: unknown): SmtpDeliveryError {
  const x = e as { code?: unknown; responseCode?: unknown } | null;
  const code = typeof x?.code === "string" ? x.code : "ESEND";
  return new SmtpDeliveryError(code, typeof x?.responseCode === "number" ? x.responseCode : undefined);
}
