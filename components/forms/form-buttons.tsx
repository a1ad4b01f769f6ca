"use client";
import { useTranslations } from "next-intl";

/** An edit form's Save and Cancel; both wait while the save is on its way. */
export function FormButtons({ busy, onCancel, saveLabel }: { busy: boolean; onCancel: () => void; saveLabel: string }) {
  const dash = useTranslations("Dashboard");
  return (
    <div className="flex flex-wrap gap-2 pt-2">
      <button type="submit" className="btn-primary" disabled={busy}>
        {busy ? dash("saving") : saveLabel}
      </button>
      <button type="button" className="btn-secondary" disabled={busy} onClick={onCancel}>
        {dash("cancel")}
      </button>
    </div>
  );
}
