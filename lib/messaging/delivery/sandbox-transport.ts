import type { MessageTransport } from "@/lib/ports/messaging";

// Offline there is no one to hand the message to: the notifications row the sender writes *is* the delivery, and the
// owner and admins read it in the outbox. Nothing is claimed to have left the machine.
export const sandboxTransport: MessageTransport = {
  kind: "sandbox",
  async deliver() {
    return { providerMessageId: null };
  },
};
