// The notifications view of a tenant (tenant.ts): who the messages about a business come from and go to, and how
// they are written (its language, time zone and the country its numbers are read in).
import type { Db } from "@/db/client";
import type { ConfirmationChannel } from "@/db/schema";
import type { CallLanguage } from "./business";
import { displayNameOf, tenantByOwner } from "./tenant";

export type BusinessContact = {
  userId: string;
  ownerEmail: string;
  ownerPhone: string | null;
  /** The business's name, else its owner's. */
  businessName: string;
  businessAddress: string | null;
  timeZone: string;
  locale: CallLanguage;
  /** The dedicated number texts are sent from, if the business has claimed one. */
  line: string | null;
  /** Who appointments are with, in the practice's order (messages name them in a practice of several). */
  practitioners: { id: string; name: string }[];
  /** How callers' confirmations and reminders go to their phone unless they asked for one channel. */
  confirmationChannel: ConfirmationChannel;
};

export async function loadBusinessContact(db: Db, userId: string): Promise<BusinessContact | null> {
  const r = await tenantByOwner(db, userId);
  if (!r) return null;
  return {
    userId: r.userId,
    ownerEmail: r.ownerEmail,
    ownerPhone: r.ownerPhone,
    businessName: displayNameOf(r),
    businessAddress: r.businessAddress,
    timeZone: r.timeZone,
    locale: r.locale,
    line: r.line,
    practitioners: r.practitioners.map((p) => ({ id: p.id, name: p.name })),
    confirmationChannel: r.confirmationChannel,
  };
}
