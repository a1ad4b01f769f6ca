// Every calendar provider's adapters as one. A connection is served by the provider it was made with, and by that
// provider's sandbox twin when it was made with the twin (both recorded on the row and carried by its CalendarAccess),
// never by whatever the environment configures today: a Google grant is never handed to the sandbox, nor a sandbox
// grant to Google. The environment decides where NEW connections go (the real adapter when configured, else the twin)
// and which twins are retired.
import { AppError } from "@/lib/platform/errors";
import {
  CalendarGrantRevokedError,
  type CalendarAccess,
  type CalendarOperations,
  type CalendarPort,
  type CalendarProvider,
  type Calendars,
} from "@/lib/ports/calendar";

/** One provider's adapters: the real one when this deployment is configured for it, and its sandbox twin. */
export type ProviderAdapters = { real: CalendarPort | null; sandbox: CalendarPort };

/**
 * A connection made with a twin, once the real provider is configured, is a grant to renew (retiredCalendar). A real
 * connection on a deployment without that provider answers 503 calendarProviderNotConfigured on every operation. It is
 * not treated as a revoked grant: the grant may be fine, and marking it revoked would e-mail every such owner and make
 * them reconnect because of our configuration. Once the credentials are back, the connection works again;
 * disconnecting still works meanwhile (its revoke is best effort).
 */
export function createCalendarRouter(adapters: Record<CalendarProvider, ProviderAdapters>): Calendars {
  const retired = new Map<CalendarProvider, CalendarPort>();
  const adapterFor = (access: Pick<CalendarAccess, "provider" | "sandbox">): CalendarOperations => {
    const { real, sandbox } = adapters[access.provider];
    if (access.sandbox) {
      if (!real) return sandbox;
      if (!retired.has(access.provider)) retired.set(access.provider, retiredCalendar(sandbox));
      return retired.get(access.provider)!;
    }
    if (!real) throw new AppError("unavailable", "calendarProviderNotConfigured", { provider: access.provider });
    return real;
  };
  // Each method resolves its adapter when called, so a missing provider rejects (as a promise) rather than throws.
  const on = async (access: CalendarAccess) => adapterFor(access);
  return {
    forNew: (provider) => adapters[provider].real ?? adapters[provider].sandbox,
    revoke: async (access) => (await on(access)).revoke(access),
    freeBusy: async (access, range) => (await on(access)).freeBusy(access, range),
    insertEvent: async (access, event) => (await on(access)).insertEvent(access, event),
    patchEvent: async (access, event) => (await on(access)).patchEvent(access, event),
    deleteEvent: async (access, eventId) => (await on(access)).deleteEvent(access, eventId),
  };
}

/**
 * A twin that no longer takes connections but whose grants may still be on file, once its real provider is configured.
 * Every operation says the grant is gone, so the owner is told once (as for a grant the provider revoked) and connects
 * the real calendar; revoking still goes to the twin.
 */
export function retiredCalendar(adapter: CalendarPort): CalendarPort {
  const gone = () => Promise.reject(new CalendarGrantRevokedError(`${adapter.kind} sandbox calendar no longer in use here`));
  return {
    kind: adapter.kind,
    sandbox: true,
    connect: async () => null,
    revoke: (access) => adapter.revoke(access),
    freeBusy: gone,
    insertEvent: gone,
    patchEvent: gone,
    deleteEvent: gone,
  };
}
