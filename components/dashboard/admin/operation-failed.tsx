"use client";
import { useTranslations } from "next-intl";
import { useEffect } from "react";

const BANNER_MS = 5000;

/** A dismissible "Operation Failed" banner that hides itself after 5000 ms. */
export function OperationFailed({ message, onDismiss }: { message: string | null; onDismiss: () => void }) {
  const t = useTranslations("AdminUsers");
  useEffect(() => {
    if (!message) return;
    const timer = setTimeout(onDismiss, BANNER_MS);
    return () => clearTimeout(timer);
  }, [message, onDismiss]);
  if (!message) return null;
  return (
    <div
      role="alert"
      data-testid="operation-failed"
      className="mb-4 flex items-start justify-between gap-3 rounded-xl border border-red-300 bg-red-50 p-4 text-red-900"
    >
      <div>
        <p className="font-semibold">{t("operationFailed")}</p>
        <p className="text-sm">{message}</p>
      </div>
      <button
        type="button"
        onClick={onDismiss}
        className="inline-flex min-h-11 min-w-11 items-center justify-center rounded-md hover:bg-red-100 focus-visible:outline-2 focus-visible:outline-red-700"
      >
        <svg
          aria-hidden="true"
          width="18"
          height="18"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
        >
          <path d="M6 6l12 12M18 6L6 18" />
        </svg>
        <span className="sr-only">{t("dismiss")}</span>
      </button>
    </div>
  );
}
