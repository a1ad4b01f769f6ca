export type OutgoingMessage = {
  userId?: string | null;
  to: string;
  subject?: string | null;
  text: string;
  html?: string | null;
  links?: string[];
  /** Makes a retried send a no-op. */
  dedupeKey?: string;
};
export type SendResult = { id: string; status: "sent" | "failed"; duplicate: boolean };

/** One shape for email, SMS and WhatsApp senders. */
export interface MessageSender {
  readonly kind: string;
  readonly channel: "email" | "sms" | "whatsapp";
  send(message: OutgoingMessage): Promise<SendResult>;
}
