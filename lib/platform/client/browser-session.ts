// What the browser keeps about the session. The httpOnly session cookie is what the server
// trusts; these copies let client code attach the bearer token and show the user's name without a round trip.
export const STORAGE_KEYS = {
  token: "token",
  user: "user",
  tokenExpired: "tokenExpired",
  loggedOut: "loggedOut",
} as const;

export type StoredUser = { id: string; fullName: string; email: string; type: string };

function safe<T>(fn: () => T, fallback: T): T {
  try {
    return fn();
  } catch {
    return fallback; // storage can be unavailable (private mode, disabled cookies)
  }
}

export function storeSession(token: string, user: StoredUser): void {
  safe(() => {
    localStorage.setItem(STORAGE_KEYS.token, token);
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify({ id: user.id, fullName: user.fullName, email: user.email, type: user.type }));
    sessionStorage.removeItem(STORAGE_KEYS.tokenExpired);
    sessionStorage.removeItem(STORAGE_KEYS.loggedOut);
  }, undefined);
}

export function storedToken(): string | null {
  return safe(() => localStorage.getItem(STORAGE_KEYS.token), null);
}

export function clearSession(flag?: "tokenExpired" | "loggedOut"): void {
  safe(() => {
    localStorage.removeItem(STORAGE_KEYS.token);
    localStorage.removeItem(STORAGE_KEYS.user);
    if (flag) sessionStorage.setItem(STORAGE_KEYS[flag], "true");
  }, undefined);
}

/** Reads and clears a one-shot session-storage flag. */
export function takeFlag(flag: "tokenExpired" | "loggedOut"): boolean {
  return safe(() => {
    const set = sessionStorage.getItem(STORAGE_KEYS[flag]) === "true";
    sessionStorage.removeItem(STORAGE_KEYS[flag]);
    return set;
  }, false);
}
