"use client";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { useRouter } from "@/lib/platform/i18n/navigation";

export const COUNTDOWN_SECONDS = 5;

/** "Redirecting in 5 s…" down to 0, then the destination (after registration and after setup completion). */
export function Countdown({ href }: { href: string }) {
  const t = useTranslations("Common");
  const router = useRouter();
  const [left, setLeft] = useState(COUNTDOWN_SECONDS);

  useEffect(() => {
    if (left <= 0) {
      router.replace(href);
      return;
    }
    const timer = setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [left, href, router]);

  return (
    <div className="mt-6 flex flex-wrap items-center gap-4">
      <p className="text-slate-700" data-testid="countdown">
        {t("redirectIn", { seconds: left })}
      </p>
      <button type="button" className="btn-secondary" onClick={() => router.replace(href)}>
        {t("continueNow")}
      </button>
    </div>
  );
}
