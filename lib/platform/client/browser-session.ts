// What the browser keeps about the session: nothing secret. The httpOnly, SameSite=Lax session cookie carries the
// session to every API call (the proxy refuses writes from other origins), so no script on the page can read the token;
// the user's name comes from the server's render. Only two one-shot flags live in sessionStorage, for the sign-in
// page's notices ("your session expired", "you are signed out").
export const FLAG_KEYS = { tokenExpired: "tokenExpired", loggedOut: "loggedOut" } as const;

/** What earlier versions kept in localStorage (the session token and the user): removed wherever it is still found. */
const LEGACY_KEYS = ["token", "user"] as const;

function safe<T>(fn: () => T, fallback: T): T {
  try {
    return fn();
  } catch {
    return fallback; // storage can be unavailable (private mode, disabled cookies)
  }
}

function forgetLegacy(): void {
  for (const key of LEGACY_KEYS) localStorage.removeItem(key);
}

/** After a sign-in (the server set the cookie): the last session's notices are stale, and old copies are dropped. */
export function startSession(): void {
  safe(() => {
    forgetLegacy();
    sessionStorage.removeItem(FLAG_KEYS.tokenExpired);
    sessionStorage.removeItem(FLAG_KEYS.loggedOut);
  }, undefined);
}

/** The session is over: whatever the browser still holds of it goes, and the sign-in page may say why. */
export function clearSession(flag?: keyof typeof FLAG_KEYS): void {
  safe(() => {
    forgetLegacy();
    if (flag) sessionStorage.setItem(FLAG_KEYS[flag], "true");
  }, undefined);
}

/** Reads and clears a one-shot session-storage flag. */
export function takeFlag(flag: keyof typeof FLAG_KEYS): boolean {
  return safe(() => {
    const set = sessionStorage.getItem(FLAG_KEYS[flag]) === "true";
    sessionStorage.removeItem(FLAG_KEYS[flag]);
    return set;
  }, false);
}

/** Whether a 401 in this tab has already ended the session (the flag stays for the sign-in page). */
export function sessionExpiredHere(): boolean {
  return safe(() => sessionStorage.getItem(FLAG_KEYS.tokenExpired) === "true", false);
}
