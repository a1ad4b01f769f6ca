"use client";
import { useState } from "react";
import { clearSession, storedToken } from "@/lib/platform/client/browser-session";

/** Ends the session on the server, forgets it in the browser, marks "just signed out" and goes home. */
export function SignOutButton({
  label,
  busyLabel,
  homeHref,
  className,
}: {
  label: string;
  busyLabel: string;
  homeHref: string;
  className?: string;
}) {
  const [busy, setBusy] = useState(false);
  async function signOut() {
    setBusy(true);
    const token = storedToken();
    try {
      await fetch("/api/auth/logout", {
        method: "POST",
        headers: token ? { authorization: `Bearer ${token}` } : {},
        credentials: "same-origin",
      });
    } catch {
      // Offline: the local copy is still cleared; the server session expires on its own.
    }
    clearSession("loggedOut");
    window.location.assign(homeHref); // a full load, so server-rendered parts forget the user too
  }
  return (
    <button type="button" onClick={signOut} disabled={busy} className={className}>
      {busy ? busyLabel : label}
    </button>
  );
}
