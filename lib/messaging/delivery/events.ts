// What a messaging provider's webhook tells us, in our own terms, and how it is applied: an inbound text (an opt-out
// keyword, a caller's answer, a message for the owner) or the delivery status of a notification we sent. The provider's adapter verifies and reads its
// payload into a MessagingEvent (Telnyx: lib/vendors/telnyx/events.ts); nothing here knows a provider's JSON.
// Each event is applied once (providers retry and may deliver twice, out of order).
import { and, eq, ne } from "drizzle-orm";
import type { Db, Tx } from "@/db/client";
import { notifications, webhookEvents } from "@/db/schema";

/**
 * A text someone sent us. `from` in E.164; `to` the number it was sent to (a business's line, or the one WhatsApp
 * sender), null when the provider did not say; `providerMessageId` the provider's id of the message itself.
 */
export type InboundText = {
  kind: "inbound";
  from: string;
  to: string | null;
  channel: "sms" | "whatsapp";
  text: string;
  providerMessageId: string | null;
};

export type MessagingEvent =
  | InboundText
  /**
   * The status of a message we sent, for the recipient the provider names (E.164): `sent` or `failed` (with the
   * provider's error code, or its status word when it gives none). `final` is the provider's last word on it.
   */
  | { kind: "delivery"; providerMessageId: string; recipient: string; status: "sent" | "failed"; error: string | null; final: boolean }
  /** Anything else (calls, numbers, a status in between, a payload we cannot read): acknowledged, nothing changes. */
  | { kind: "ignored" };

/**
 * What an inbound text did: an opt-out keyword (opt-out, opt-in); a YES to a waitlist offer (waitlist-taken, or
 * waitlist-refused when the slot had gone or the offer expired); an answer about the caller's next appointment
 * (confirmed; cancel-asked, then cancelled or kept, or too-late inside the owner's cut-off; change, answered with how to
 * move it); or a message the owner reads in a thread.
 */
export type InboundAction =
  | "opt-out"
  | "opt-in"
  | "waitlist-taken"
  | "waitlist-refused"
  | "confirmed"
  | "cancel-asked"
  | "cancelled"
  | "kept"
  | "change"
  | "too-late"
  | "thread"
  | "ignored";

export type MessagingEventResult = { duplicate: boolean; action: InboundAction | "delivery" };

/**
 * Applies an inbound text inside the event's transaction: what the inbox makes of it (lib/messaging/inbox/inbound.ts), opt-out
 * keywords included, since an opt-out answers the business whose line was texted.
 */
export type InboundHandler = (tx: Tx, event: InboundText) => Promise<InboundAction>;

/** Where the event came from: the provider, its own event id (the key of "once") and its event type. */
export type MessagingEventSource = { provider: string; eventId: string; type: string };

/**
 * Applies one event inside one transaction: the event id is recorded first (insert, on conflict do nothing), so a
 * redelivery finds it and changes nothing; if applying fails, the id is rolled back with it and the provider's retry
 * runs again.
 */
export async function applyMessagingEvent(
  db: Db,
  source: MessagingEventSource,
  event: MessagingEvent,
  onInbound: InboundHandler,
): Promise<MessagingEventResult> {
  return db.transaction(async (tx) => {
    const [fresh] = await tx
      .insert(webhookEvents)
      .values({ provider: source.provider, eventId: source.eventId, type: source.type })
      .onConflictDoNothing()
      .returning({ eventId: webhookEvents.eventId });
    if (!fresh) return { duplicate: true, action: "ignored" };
    switch (event.kind) {
      case "inbound":
        return { duplicate: false, action: await onInbound(tx, event) };
      case "delivery":
        await applyDelivery(tx, source.provider, event);
        return { duplicate: false, action: "delivery" };
      default:
        return { duplicate: false, action: "ignored" };
    }
  });
}

/**
 * The message id comes from the payload, so it is scoped by what else the event says: only the notification this
 * provider sent to the event's recipient is touched, never a message of the same id sent to someone else (another
 * business's patient). A late `sent` that is not final never turns a failure back into sent.
 */
async function applyDelivery(tx: Tx, provider: string, e: Extract<MessagingEvent, { kind: "delivery" }>): Promise<void> {
  const ours = and(
    eq(notifications.provider, provider),
    eq(notifications.providerMessageId, e.providerMessageId),
    eq(notifications.recipient, e.recipient),
  );
  if (e.status === "sent") {
    await tx
      .update(notifications)
      .set({ status: "sent", error: null })
      .where(e.final ? ours : and(ours, ne(notifications.status, "failed")));
    return;
  }
  await tx.update(notifications).set({ status: "failed", error: e.error }).where(ours);
}
