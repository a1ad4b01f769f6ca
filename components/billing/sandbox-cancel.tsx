"use client";
// The sandbox portal's "Cancel subscription", confirmed first: the server sends a signed customer.subscription.deleted
// to our own webhook, then the page shows the recorded state again.
import { useTranslations } from "next-intl";
import { useState } from "react";
import { ConfirmDialog } from "@/components/dashboard/ui";
import { FormAlert } from "@/components/forms/fields";
import { api, ok, failureText } from "@/lib/platform/client/api";
import { useRouter } from "@/lib/platform/i18n/navigation";

export function SandboxCancel({ graceDays, active }: { graceDays: number; active: boolean }) {
  const t = useTranslations("SandboxPortal");
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  // After the cancel the page re-renders with the ended subscription: the confirmation stays said.
  if (done)
    return (
      <div className="mt-6">
        <FormAlert tone="success" testId="sandbox-cancelled">
          {t("cancelled")}
        </FormAlert>
      </div>
    );
  if (!active) return null;
  return (
    <div className="mt-6">
      {failure && <FormAlert testId="sandbox-cancel-error">{failure}</FormAlert>}
      <button type="button" className="btn-secondary" onClick={() => setOpen(true)} data-testid="sandbox-cancel">
        {t("cancel")}
      </button>
      <ConfirmDialog
        open={open}
        title={t("confirmTitle")}
        confirmLabel={t("confirm")}
        busyLabel={t("cancelling")}
        onClose={() => setOpen(false)}
        onConfirm={async () => {
          setFailure(null);
          try {
            await ok(api.POST("/api/sandbox/billing/cancel"));
            setOpen(false);
            setDone(true);
            router.refresh();
          } catch (e) {
            setOpen(false);
            setFailure(failureText(e, t("cancelFailed")));
          }
        }}
      >
        {t("confirmText", { days: graceDays })}
      </ConfirmDialog>
    </div>
  );
}
