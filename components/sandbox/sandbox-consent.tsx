"use client";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { CONSENT_MESSAGE, type ConsentMessage } from "@/lib/platform/shared/calendar-consent";
import { useHydrated } from "@/lib/platform/client/use-hydrated";
import { sandboxCalendarConsent } from "@/lib/server/actions/calendar-consent";

/** Allow → a signed code for the opener; Deny → "access_denied". Either way the popup closes, like the provider's. */
export function SandboxConsent({ provider }: { provider: "google" | "microsoft" }) {
  const t = useTranslations("SandboxConsent");
  const hydrated = useHydrated();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const reply = (message: Omit<ConsentMessage, "type">) => {
    if (!window.opener) return setProblem(t("noOpener"));
    (window.opener as Window).postMessage({ type: CONSENT_MESSAGE, ...message }, window.location.origin);
    window.close();
  };
  return (
    <div className="mt-6 space-y-3">
      {problem && (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-900">
          {problem}
        </p>
      )}
      <div className="flex flex-wrap gap-3">
        <button type="button" className="btn-secondary" disabled={busy || !hydrated} onClick={() => reply({ error: "access_denied" })}>
          {t("deny")}
        </button>
        <button
          type="button"
          className="btn-primary"
          disabled={busy || !hydrated}
          onClick={async () => {
            setBusy(true);
            const result = await sandboxCalendarConsent(provider).catch(() => ({ error: "unavailable" as const }));
            setBusy(false);
            if ("code" in result) reply({ code: result.code });
            else setProblem(result.error === "unauthorized" ? t("signedOut") : t("failed"));
          }}
        >
          {busy ? t("allowing") : t("allow")}
        </button>
      </div>
    </div>
  );
}
