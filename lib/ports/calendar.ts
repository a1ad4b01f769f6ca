/** The calendar services a practitioner's agenda can live in. Recorded with each connection, which keeps it for good. */
export type CalendarProvider = "google" | "microsoft" | "caldav";
export const CALENDAR_PROVIDERS = ["google", "microsoft", "caldav"] as const satisfies readonly CalendarProvider[];

/**
 * What the owner hands over to connect a calendar: the authorization code of a consent popup (Google, Microsoft), or a
 * CalDAV account (iCloud, Fastmail, Nextcloud…): the server's address, the username and an app password.
 */
export type CalendarConsent = { code: string } | { serverUrl: string; username: string; password: string };

export type CalendarGrant = {
  /** What later operations authenticate with: an OAuth refresh token, or a CalDAV app password. Kept encrypted. */
  secret: string;
  /** The account, shown to the owner: an e-mail address, a CalDAV username. */
  accountEmail: string | null;
  scopes: string;
  /** Which calendar: Google's "primary", Microsoft's default calendar ("default"), a CalDAV calendar's URL. */
  calendarId: string;
};

/**
 * What an adapter needs to act on one practitioner's calendar: the provider the connection was made with (and whether
 * with its sandbox twin), the decrypted secret and which calendar.
 */
export type CalendarAccess = {
  userId: string;
  practitionerId: string;
  provider: CalendarProvider;
  sandbox: boolean;
  secret: string;
  accountEmail: string | null;
  calendarId: string;
  /**
   * Keeps a secret the provider replaced (Microsoft issues a new refresh token with each access token): the next
   * operation starts from it. Absent where nothing can be kept (the grant is then used as it is).
   */
  renewSecret?: (secret: string) => Promise<void>;
};

export type BusyInterval = { start: Date; end: Date };

export type CalendarEventInput = {
  /**
   * Our id for the event (base32hex: lowercase a–v and 0–9, 5–1024 chars). Google refuses a second insert with the same
   * id (409), so a retried insert can never create a second event: adapters treat that 409 as success. Providers that
   * choose their own ids (Microsoft) return theirs, which is kept with the appointment.
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

/** What is done with a connected calendar: free/busy and the events of the appointments we book. */
export interface CalendarOperations {
  /** Revokes a grant at the provider (best effort: the connection is removed on our side regardless). */
  revoke(access: CalendarAccess): Promise<void>;
  /** Busy intervals overlapping [from, to). Throws CalendarGrantRevokedError when the grant is dead. */
  freeBusy(access: CalendarAccess, range: { from: Date; to: Date; timeZone: string }): Promise<BusyInterval[]>;
  /**
   * Creates the event and answers its id at the provider (ours, unless the provider picks its own). Inserting an id
   * that already exists is success (an idempotent retry), not a second event.
   */
  insertEvent(access: CalendarAccess, event: CalendarEventInput): Promise<{ eventId: string }>;
  /**
   * Moves or edits an event (reschedule), by the id insertEvent answered, and answers the id it has now: the same,
   * unless the provider had lost the event and it was made again under an id of the provider's (Microsoft).
   */
  patchEvent(access: CalendarAccess, event: CalendarEventInput): Promise<{ eventId: string }>;
  /** Deletes an event; an event already gone (404/410) is success. */
  deleteEvent(access: CalendarAccess, eventId: string): Promise<void>;
}

/** One provider's adapter: the real one (its SDK or protocol) or its offline sandbox twin. */
export interface CalendarPort extends CalendarOperations {
  readonly kind: CalendarProvider;
  readonly sandbox: boolean;
  /**
   * Turns the owner's consent into a grant: exchanges a popup's code, or checks a CalDAV account and finds its
   * calendar. Null when the code is invalid or expired, or the account refused; a consent of the other kind is null too.
   */
  connect(consent: CalendarConsent): Promise<CalendarGrant | null>;
}

/** Every provider's adapters as one: new connections per provider, and each connection's operations by its own. */
export interface Calendars extends CalendarOperations {
  /** The adapter a new connection with this provider is made with: the real one when configured, else its sandbox. */
  forNew(provider: CalendarProvider): CalendarPort;
}
