// The shape of the API's route table (app/api/routes.generated.ts, written by scripts/gen-api-routes.ts from the route
// files' own declarations) and the lookup Next.js does on it. Data only: the proxy reads it without loading a handler.
import type { ApiScope } from "@/db/schema/integrations";
import type { PracticeRole } from "@/lib/platform/shared/roles";

/**
 * Who may call a route. `public`: anyone; `owner`: a signed-in account; `admin`: a signed-in admin; `webhook`: a
 * vendor, whose signature the handler verifies (never a browser, so never refused for its origin).
 */
export type ApiPolicy = "public" | "owner" | "admin" | "webhook";

/**
 * A GET that changes something (claims a number, opens a checkout), refused by the proxy when the browser says another
 * site sent it (a link or a redirect from elsewhere carries the Lax session cookie). `true`: refused with a 403.
 * `{ page }`: a link a visitor may also follow from another site (a marketing site on a sibling domain), so it lands
 * instead on that page of ours (in the link's `?locale=`, "/#pricing" with its fragment), one click from the same button.
 */
export type StateChanging = true | { readonly page: string };

export type ApiRoute = {
  /** The address as its folders spell it: "/api/appointments/[id]/cancel". */
  path: string;
  pattern: RegExp;
  /** The dynamic segments in order; "...name" for a catch-all, whose value is the list of segments. */
  params: readonly string[];
  methods: readonly string[];
  policy: ApiPolicy;
  /** Its GETs change something (declared with `stateChanging` on the route: lib/server/api-route.ts). */
  stateChanging?: StateChanging;
  /** The API key scope each method that takes keys asks for (`scope` on its declaration); a method not here refuses keys. */
  scopes?: Readonly<Partial<Record<string, ApiScope>>>;
  /** The roles in the practice each method allows (`roles` on its declaration): owner routes only. */
  roles?: Readonly<Partial<Record<string, readonly PracticeRole[]>>>;
  /** The route file, from the repository's root. */
  file: string;
};

/** The table's catch-all: every /api path no other route serves answers its JSON 404. */
export const FALLBACK_PATH = "/api/[...path]";

/**
 * The route Next.js serves `pathname` with, `FALLBACK_PATH` for an address of no route. The table is sorted as
 * Next.js ranks routes (a static segment before a dynamic one, a dynamic one before a catch-all), so the first
 * match is the one it picks.
 */
export function matchApiRoute(table: readonly ApiRoute[], pathname: string): { route: ApiRoute; match: RegExpExecArray } | null {
  for (const route of table) {
    const match = route.pattern.exec(pathname);
    if (match) return { route, match };
  }
  return null;
}

export function isPublicPolicy(policy: ApiPolicy): boolean {
  return policy === "public" || policy === "webhook";
}

/** The API key scope a request's method asks for on this route (a HEAD is its GET), or undefined: no key opens it. */
export function scopeOf(route: ApiRoute, method: string): ApiScope | undefined {
  const m = method.toUpperCase();
  return route.scopes?.[m === "HEAD" ? "GET" : m];
}
