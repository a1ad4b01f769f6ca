export type Attachment = { filename: string; contentType: string; content: string };

/** A WhatsApp template (business-initiated messages outside the 24-hour window must use an approved template). */
export type WhatsAppTemplate = { name: string; language: string; parameters: string[] };

export type OutgoingMessage = {
  userId?: string | null;
  to: string;
  /** SMS/WhatsApp: the sending number (the business's number); email: unused (the configured sender). */
  from?: string | null;
  subject?: string | null;
  text: string;
  html?: string | null;
  links?: string[];
  attachments?: Attachment[];
  whatsappTemplate?: WhatsAppTemplate | null;
  /** Makes a retried send a no-op. */
  dedupeKey?: string;
  /**
   * Credentials in the message (a setup link's token). A real provider delivers them, but our log keeps "[redacted]"
   * instead; only the sandbox, which delivers to that log and nowhere else, keeps them.
   */
  redact?: string[];
  /**
   * A one-time code in the text (a caller's code, a booking page's). The provider gets the text as written; our log
   * keeps "••••••" in its place and the code only as `sealed` (its SecretBox envelope), so no outbox shows it unless
   * the sandbox delivered it.
   */
  oneTimeCode?: { plain: string; sealed: string };
};
export type SendResult = { id: string; status: "sent" | "failed"; duplicate: boolean };

/** One shape for email, SMS and WhatsApp senders: every message is logged in the notifications table. */
export interface MessageSender {
  readonly kind: string;
  readonly channel: "email" | "sms" | "whatsapp";
  send(message: OutgoingMessage): Promise<SendResult>;
}

/** Hands one message to the provider. Throws when the provider refuses it; the sender logs and the job retries. */
export interface MessageTransport {
  readonly kind: "smtp" | "telnyx" | "sandbox";
  deliver(message: OutgoingMessage): Promise<{ providerMessageId: string | null }>;
}
