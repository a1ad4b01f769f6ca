export type OwnedNumber = { phoneNumber: string; region: string; phoneNumberType: string; providerId: string };

/**
 * The pool of numbers the business rents from the telephony provider, and the messaging profiles its texts go out
 * under. The provider keeps its STOP block rules per messaging profile, not per number: each business gets a profile
 * of its own, so a caller's STOP to one practice never blocks another's texts. SMS sending lives in lib/vendors/sms.
 */
export interface TelephonyPort {
  readonly kind: "telnyx" | "sandbox";
  listOwnedNumbers(): Promise<OwnedNumber[]>;
  releaseNumber(providerId: string): Promise<void>;
  /** A new messaging profile for one business (`name` says which); `country` is the business's. Returns its id. */
  createMessagingProfile(input: { name: string; country: string }): Promise<string>;
  /**
   * Puts a number (the provider's id for it) on a messaging profile: its texts and its STOPs are that profile's. Null
   * gives it back to the pool's profile (or to none without one).
   */
  moveToMessagingProfile(providerId: string, messagingProfileId: string | null): Promise<void>;
  /** Deletes a business's profile (its block rules name callers) once the business is erased. */
  deleteMessagingProfile(messagingProfileId: string): Promise<void>;
}
