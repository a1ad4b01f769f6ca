// Which of the caller's phone channels a confirmation or reminder goes by: the one the caller asked for on the call, else
// the business's default. Email is apart: it goes whenever an address was given.
import type { ConfirmationChannel } from "@/db/schema";

export type PhoneChannel = "sms" | "whatsapp";

/** The phone channels to send by, in the order they are said ("by text message and WhatsApp"). */
export function phoneChannels(asked: ConfirmationChannel | null | undefined, businessDefault: ConfirmationChannel): PhoneChannel[] {
  const chosen = asked ?? businessDefault;
  return chosen === "both" ? ["sms", "whatsapp"] : [chosen];
}
