"use client";
// Personal info: two tabs, profile and password. The tab is in the address (/dashboard/profile,
// /dashboard/security), so a reload or a shared link opens the same one.
import { useLocale, useTranslations } from "next-intl";
import { useId, useRef, type KeyboardEvent, type ReactNode } from "react";
import { usePathname } from "@/lib/platform/i18n/navigation";
import { localizedPath } from "@/lib/platform/i18n/server-navigation";
import { SectionHeader } from "../frame";

type Tab = "profile" | "password";
const TAB_PATH: Record<Tab, string> = { profile: "/dashboard/profile", password: "/dashboard/security" };

/**
 * The tabs' content comes from the page: the tab its address opens is part of the page's own JavaScript, the other one
 * (personal-info-tabs.tsx) is fetched when it is first opened.
 */
export function PersonalInfo({ initialTab, profile, password }: { initialTab: Tab; profile: ReactNode; password: ReactNode }) {
  const t = useTranslations("ProfileSection");
  const locale = useLocale();
  // The tab is the address: the side navigation's Profile link (or Back) after a switch must show the profile tab.
  const path = usePathname();
  const tab: Tab = path === TAB_PATH.password ? "password" : path === TAB_PATH.profile ? "profile" : initialTab;
  const tabs = useRef<Record<Tab, HTMLButtonElement | null>>({ profile: null, password: null });
  const base = useId();

  const select = (next: Tab, focus = false) => {
    // Next.js follows history.replaceState: usePathname() changes without a navigation or a server round trip.
    window.history.replaceState(null, "", localizedPath(locale, TAB_PATH[next]));
    if (focus) tabs.current[next]?.focus();
  };
  // WAI-ARIA tabs: arrow keys move between the two tabs.
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === "ArrowRight" || e.key === "ArrowLeft" || e.key === "Home" || e.key === "End") {
      e.preventDefault();
      select(tab === "profile" ? "password" : "profile", true);
    }
  };

  return (
    <>
      <SectionHeader title={t("title")} description={t("description")} />
      <div role="tablist" aria-label={t("title")} className="mb-6 flex gap-1 border-b border-slate-200" onKeyDown={onKeyDown}>
        {(["profile", "password"] as const).map((id) => (
          <button
            key={id}
            ref={(el) => {
              tabs.current[id] = el;
            }}
            type="button"
            role="tab"
            id={`${base}-${id}-tab`}
            aria-controls={`${base}-${id}-panel`}
            aria-selected={tab === id}
            tabIndex={tab === id ? 0 : -1}
            onClick={() => select(id)}
            className="-mb-px min-h-11 border-b-2 border-transparent px-4 text-sm font-semibold text-slate-600 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-700 aria-selected:border-indigo-700 aria-selected:text-indigo-800"
          >
            {t(`tabs.${id}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${base}-${tab}-panel`} aria-labelledby={`${base}-${tab}-tab`}>
        {tab === "profile" ? profile : password}
      </div>
    </>
  );
}
