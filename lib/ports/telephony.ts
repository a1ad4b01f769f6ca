export type OwnedNumber = { phoneNumber: string; region: string; phoneNumberType: string; providerId: string };

/** The pool of numbers the business rents from the telephony provider. SMS sending lives in lib/providers/sms. */
export interface TelephonyPort {
  readonly kind: "telnyx" | "sandbox";
  listOwnedNumbers(): Promise<OwnedNumber[]>;
  releaseNumber(providerId: string): Promise<void>;
}
