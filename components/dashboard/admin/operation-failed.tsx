"use client";
import { useTranslations } from "next-intl";
import { useEffect } from "react";
import { CloseButton } from "@/components/ui/close-button";

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
      <CloseButton label={t("dismiss")} onClick={onDismiss} tone="red" />
    </div>
  );
}
