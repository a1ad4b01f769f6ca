"use client";
// The landing page's "Start free trial" for a signed-in account that never had one: the trial-start handler
// (POST /api/subscription/start-trial, one 7-day trial per account), then the subscription page that shows it.
import { useState } from "react";
import { api, ok, ApiError, failureText } from "@/lib/platform/client/api";

export function TrialStartButton({
  label,
  busyLabel,
  failedText,
  subscriptionHref,
  className,
  testId,
}: {
  label: string;
  busyLabel: string;
  failedText: string;
  subscriptionHref: string;
  className: string;
  testId?: string;
}) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  return (
    <div className="contents">
      <button
        type="button"
        className={className}
        disabled={busy}
        data-testid={testId}
        onClick={async () => {
          setBusy(true);
          setFailure(null);
          try {
            await ok(api.POST("/api/subscription/start-trial"), { keepSessionOn401: true });
            window.location.assign(subscriptionHref);
          } catch (e) {
            // The trial was used already (409): the subscription page offers the upgrade instead.
            if (e instanceof ApiError && e.status === 409) return window.location.assign(subscriptionHref);
            setFailure(failureText(e, failedText));
            setBusy(false);
          }
        }}
      >
        {busy ? busyLabel : label}
      </button>
      {failure && (
        <p role="alert" className="w-full text-sm font-medium text-red-800">
          {failure}
        </p>
      )}
    </div>
  );
}
