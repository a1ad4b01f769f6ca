"use client";
// The Try page before the receptionist can answer: what is missing, each step a link to the page that does it, in the
// order to do it, and the start button locked with the reason beside it.
import { useTranslations } from "next-intl";
import { useId } from "react";
import { Link } from "@/lib/platform/i18n/navigation";
import { TRY_STEP_PAGE, type TryStep } from "@/lib/platform/client/receptionist";
import { Card } from "../ui";

export function TryNotReady({ missing }: { missing: TryStep[] }) {
  const t = useTranslations("TrySection");
  const lockedId = useId();
  return (
    <Card title={t("notReadyTitle")} testId="try-not-ready">
      <p className="text-slate-700">{t("notReadyText")}</p>
      <ol className="mt-3 list-decimal space-y-3 pl-6">
        {missing.map((step) => {
          const page = TRY_STEP_PAGE[step];
          const label = t(`steps.${step}.label`);
          return (
            <li key={step} data-testid="try-step" data-step={step}>
              {page ? (
                <Link href={page} className="font-semibold text-indigo-800 underline hover:text-indigo-950">
                  {label}
                </Link>
              ) : (
                <span className="font-semibold text-slate-900">{label}</span>
              )}
              <span className="block text-sm text-slate-600">{t(`steps.${step}.why`)}</span>
            </li>
          );
        })}
      </ol>
      <button type="button" className="btn-primary mt-5" disabled aria-describedby={lockedId}>
        {t("start")}
      </button>
      <p id={lockedId} className="mt-2 text-sm text-slate-600">
        {t("startLocked")}
      </p>
    </Card>
  );
}
