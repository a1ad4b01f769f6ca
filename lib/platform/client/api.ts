// The browser's client for our own API: JSON bodies, the bearer token attached, the server's translated
// {message} surfaced. A 401 means the session is gone, except where the caller says otherwise.
import { clearSession, storedToken } from "./browser-session";

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

export async function apiFetch<T>(path: string, init: { method?: string; body?: unknown; keepSessionOn401?: boolean } = {}): Promise<T> {
  const headers: Record<string, string> = { accept: "application/json" };
  const token = storedToken();
  if (token) headers.authorization = `Bearer ${token}`;
  if (init.body !== undefined) headers["content-type"] = "application/json";
  let res: Response;
  try {
    res = await fetch(`/api${path}`, {
      method: init.method ?? "GET",
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      credentials: "same-origin",
    });
  } catch {
    throw new ApiError(0, null); // offline or the server is unreachable
  }
  const data: unknown = await res.json().catch(() => null);
  if (res.ok) return data as T;
  const message =
    data && typeof data === "object" && typeof (data as { message?: unknown }).message === "string"
      ? (data as { message: string }).message
      : null;
  if (res.status === 401 && !init.keepSessionOn401) {
    clearSession("tokenExpired");
    throw new SessionExpiredError(401, message);
  }
  throw new ApiError(res.status, message);
}
