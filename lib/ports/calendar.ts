export type CalendarGrant = { refreshToken: string; accountEmail: string | null; scopes: string };

/** Who holds an owner's calendar: recorded with each connection, so a connection keeps its provider for good. */
export type CalendarProvider = "google" | "sandbox";

/**
 * What an adapter needs to act on one owner's calendar: the provider the connection was made with, the decrypted grant
 * and which calendar.
 */
export type CalendarAccess = { userId: string; provider: CalendarProvider; refreshToken: string; calendarId: string };

export type BusyInterval = { start: Date; end: Date };

export type CalendarEventInput = {
  /**
   * Our id for the event (base32hex: lowercase a–v and 0–9, 5–1024 chars). Google refuses a second insert with the same
   * id (409), so a retried insert can never create a second event: adapters treat that 409 as success.
   */
  eventId: string;
  start: Date;
  end: Date;
  /** IANA zone of the business; sent with each dateTime. */
  timeZone: string;
  summary: string;
  description: string;
  attendeeEmail?: string | null;
};

/** The grant no longer works (revoked, expired, password changed): the owner must reconnect. */
export class CalendarGrantRevokedError extends Error {
  constructor(message = "calendar grant revoked or expired") {
    super(message);
    this.name = "CalendarGrantRevokedError";
  }
}

/** The owner's calendar: consent, free/busy and the events of the appointments we book. */
export interface CalendarPort {
  readonly kind: CalendarProvider;
  /** Exchanges the authorization code of the consent popup; null when the code is invalid or expired. */
  exchangeCode(code: string): Promise<CalendarGrant | null>;
  /** Revokes a grant at the provider (best effort: the connection is removed on our side regardless). */
  revoke(grant: Pick<CalendarAccess, "provider" | "refreshToken">): Promise<void>;
  /** Busy intervals overlapping [from, to). Throws CalendarGrantRevokedError when the grant is dead. */
  freeBusy(access: CalendarAccess, range: { from: Date; to: Date; timeZone: string }): Promise<BusyInterval[]>;
  /** Creates the event; inserting an id that already exists is success (idempotent retry), not a second event. */
  insertEvent(access: CalendarAccess, event: CalendarEventInput): Promise<{ eventId: string }>;
  /** Moves or edits an event (reschedule). */
  patchEvent(access: CalendarAccess, event: CalendarEventInput): Promise<void>;
  /** Deletes an event; an event already gone (404/410) is success. */
  deleteEvent(access: CalendarAccess, eventId: string): Promise<void>;
}
