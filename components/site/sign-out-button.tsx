"use client";
import { useState } from "react";
import { clearSession } from "@/lib/platform/client/browser-session";

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
    try {
      // The cookie names the session; the answer clears it.
      await fetch("/api/auth/logout", { method: "POST", credentials: "same-origin" });
    } catch {
      // Offline: what the browser keeps is still cleared; the server session expires on its own.
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
