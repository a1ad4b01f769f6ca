// The browser's client for our own API, typed from the route declarations: every path, its methods, parameters,
// bodies and answers come from api-paths.generated.ts (openapi-typescript over the OpenAPI document the routes build,
// `npm run gen:api-docs`), and openapi-fetch sends them. A path typo, a missing parameter or a field the answer no
// longer has is a type error. The session travels in its httpOnly cookie (same origin only: no script reads or attaches
// it); the server's translated {message} is surfaced; a 401 means the session is gone, except where the caller says otherwise.
import createClient from "openapi-fetch";
import type { HttpMethod, RequestBodyJSON, SuccessResponseJSON } from "openapi-typescript-helpers";
import type { paths } from "./api-paths.generated";
import { clearSession } from "./browser-session";

export type { paths };
export type ApiPath = keyof paths;

/** What a route answers on success: `Answer<"/api/calls", "get">` is `{ calls: … }`. */
export type Answer<P extends ApiPath, M extends HttpMethod = "get"> = SuccessResponseJSON<NonNullable<paths[P][M]>>;
/** The JSON body a route reads: `Body<"/api/appointments", "post">`. */
export type Body<P extends ApiPath, M extends HttpMethod> = RequestBodyJSON<NonNullable<paths[P][M]>>;

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly serverMessage: string | null,
  ) {
    super(serverMessage ?? `HTTP ${status}`);
  }
}

/** The server's translated message when it sent one (it is preferred), else `fallback`. */
export function failureText<T extends string | undefined>(error: unknown, fallback: T): string | T {
  return error instanceof ApiError && error.serverMessage ? error.serverMessage : fallback;
}

/** Thrown after a 401: the stored session is cleared and the caller sends the user to /login?expired=true. */
export class SessionExpiredError extends ApiError {}

/** The API, path by path: `api.GET("/api/calls/{id}", { params: { path: { id } } })`. Pair each call with `ok`. */
export const api = createClient<paths>({ credentials: "same-origin", headers: { accept: "application/json" } });

type Outcome = { data?: unknown; error?: unknown; response: Response };

/**
 * The answer's data when the request succeeded; an `ApiError` with the server's message otherwise (status 0 when the
 * server could not be reached), a `SessionExpiredError` after a 401 unless `keepSessionOn401`.
 */
export async function ok<R extends Outcome>(
  pending: Promise<R>,
  opts: { keepSessionOn401?: boolean } = {},
): Promise<Exclude<R["data"], undefined>> {
  let outcome: R;
  try {
    outcome = await pending;
  } catch {
    throw new ApiError(0, null); // offline or the server is unreachable
  }
  const { response, error } = outcome;
  if (response.ok) return outcome.data as Exclude<R["data"], undefined>;
  const message = error && typeof error === "object" && "message" in error && typeof error.message === "string" ? error.message : null;
  if (response.status === 401 && !opts.keepSessionOn401) {
    clearSession("tokenExpired");
    throw new SessionExpiredError(401, message);
  }
  throw new ApiError(response.status, message);
}
