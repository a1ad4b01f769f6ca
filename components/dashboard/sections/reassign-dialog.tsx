"use client";
// Giving an appointment to another practitioner, at the same time: the owner confirms, and chooses whether the patient
// is texted about it (off until ticked, so no text goes out that the owner did not see). A patient with no number and
// no email cannot be told, and the dialog says so instead of offering it.
import { useLocale, useTranslations } from "next-intl";
import { useId, useState } from "react";
import { formatDateTime } from "@/lib/platform/format/intl";
import type { Answer } from "@/lib/platform/client/api";
import { ConfirmDialog } from "../ui";

type AppointmentView = Answer<"/api/appointments">["upcoming"][number];

export type PendingReassign = { appointment: AppointmentView; practitionerId: string; name: string };

export function ReassignDialog({
  pending,
  timeZone,
  onConfirm,
  onClose,
}: {
  pending: PendingReassign | null;
  timeZone: string | undefined;
  onConfirm: (notifyCaller: boolean) => Promise<unknown>;
  onClose: () => void;
}) {
  const t = useTranslations("AppointmentsSection");
  const locale = useLocale();
  const id = useId();
  const [notify, setNotify] = useState(false);
  const a = pending?.appointment;
  const reachable = Boolean(a?.patientPhone || a?.patientEmail);
  const close = () => {
    setNotify(false);
    onClose();
  };
  return (
    <ConfirmDialog
      open={pending !== null}
      tone="primary"
      title={t("reassignTitle", { name: pending?.name ?? "" })}
      confirmLabel={t("reassignConfirm")}
      busyLabel={t("reassigning")}
      onConfirm={() => onConfirm(reachable && notify).then(() => setNotify(false))}
      onClose={close}
    >
      {pending && a && (
        <div className="space-y-3">
          <p>{t("reassignText", { patient: a.patientName, when: formatDateTime(a.startsAt, locale, timeZone), name: pending.name })}</p>
          {reachable ? (
            <label htmlFor={id} className="flex items-start gap-3">
              <input
                id={id}
                type="checkbox"
                className="mt-1 size-5"
                data-testid="reassign-notify"
                checked={notify}
                onChange={(e) => setNotify(e.target.checked)}
              />
              <span>
                {t("reassignNotify", { name: pending.name })}
                <span className="block text-sm text-slate-600">{t("reassignNotifyHint")}</span>
              </span>
            </label>
          ) : (
            <p className="text-sm text-slate-600">{t("reassignUnreachable")}</p>
          )}
        </div>
      )}
    </ConfirmDialog>
  );
}
