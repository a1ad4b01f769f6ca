export type CalendarGrant = { refreshToken: string; accountEmail: string | null; scopes: string };

/** The owner's calendar. Free/busy and events arrive with the receptionist (issue #5). */
export interface CalendarPort {
  readonly kind: "google" | "sandbox";
  /** Exchanges the authorization code of the consent popup; null when the code is invalid or expired. */
  exchangeCode(code: string): Promise<CalendarGrant | null>;
  /** Revokes a grant at the provider (best effort: the connection is removed on our side regardless). */
  revoke(refreshToken: string): Promise<void>;
}
