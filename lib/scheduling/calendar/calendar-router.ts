// One CalendarPort over several adapters. A connection is served by the provider it was made with (recorded on the
// row and carried by its CalendarAccess), never by whichever provider the environment configures today: a Google grant
// is never handed to the sandbox, nor a sandbox grant to Google. The environment decides where NEW connections go (the
// consent step and the code exchange are the default adapter's) and which older providers are retired.
import { AppError } from "@/lib/platform/errors";
import { CalendarGrantRevokedError, type CalendarAccess, type CalendarPort, type CalendarProvider } from "@/lib/ports/calendar";

/**
 * `forNew` takes new connections (its `kind` is the router's, and any extra member it has, such as the sandbox's
 * consent code, is kept); `adapters` are every provider this deployment can act for.
 *
 * A connection whose provider is not configured here (a Google connection on a deployment without Google credentials)
 * answers 503 calendarProviderNotConfigured on every operation. It is not treated as a revoked grant: the grant may be
 * fine, and marking it revoked would e-mail every such owner and make them reconnect because of our configuration. Once the
 * credentials are back, the connection works again; disconnecting still works meanwhile (its revoke is best effort).
 */
export function createCalendarRouter<T extends CalendarPort>(forNew: T, adapters: Partial<Record<CalendarProvider, CalendarPort>>): T {
  const adapterFor = (access: Pick<CalendarAccess, "provider">): CalendarPort => {
    const adapter = access.provider === forNew.kind ? forNew : adapters[access.provider];
    if (!adapter) throw new AppError("unavailable", "calendarProviderNotConfigured", { provider: access.provider });
    return adapter;
  };
  // Each method resolves its adapter when called, so a missing provider rejects (as a promise) rather than throws.
  const on = async (access: Pick<CalendarAccess, "provider">) => adapterFor(access);
  return {
    ...forNew,
    kind: forNew.kind,
    exchangeCode: (code) => forNew.exchangeCode(code),
    revoke: async (grant) => (await on(grant)).revoke(grant),
    freeBusy: async (access, range) => (await on(access)).freeBusy(access, range),
    insertEvent: async (access, event) => (await on(access)).insertEvent(access, event),
    patchEvent: async (access, event) => (await on(access)).patchEvent(access, event),
    deleteEvent: async (access, eventId) => (await on(access)).deleteEvent(access, eventId),
  };
}

/**
 * A provider that no longer takes connections but whose grants may still be on file: the sandbox's, once a real
 * calendar is configured. Its connections are grants to renew: every operation says the grant is gone, so the owner is
 * told once (as for a grant Google revoked) and connects the real calendar; revoking still goes to the adapter.
 */
export function retiredCalendar(adapter: CalendarPort): CalendarPort {
  const gone = () => Promise.reject(new CalendarGrantRevokedError(`${adapter.kind} calendar no longer in use here`));
  return {
    kind: adapter.kind,
    exchangeCode: async () => null,
    revoke: (grant) => adapter.revoke(grant),
    freeBusy: gone,
    insertEvent: gone,
    patchEvent: gone,
    deleteEvent: gone,
  };
}
