"use client";
// The "getting started" checklists. On every dashboard page until the receptionist can take a call: each thing it needs,
// done or a link to where it is done, and the way back into the setup where it stopped. On Today, until the
// receptionist is fully set: what makes it the practice's own (its people, their calendars, its answers, transfers, the
// booking page, a Try call), ticked from the server's data.
import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useEffect } from "react";
import { api, ok } from "@/lib/platform/client/api";
import { onboardingKeys } from "@/lib/platform/client/queries/onboarding";
import { Link, usePathname } from "@/lib/platform/i18n/navigation";
import type { Checklist, ChecklistItem } from "@/lib/insights/getting-started";

const ITEMS = [
  { key: "information", href: "/dashboard/business" },
  { key: "workingHours", href: "/dashboard/schedule" },
  { key: "calendar", href: "/dashboard/calendar" },
  { key: "plan", href: "/dashboard/subscription" },
  { key: "phone", href: "/dashboard/phone-number" },
] as const;

export function GettingStarted() {
  const t = useTranslations("GettingStarted");
  const path = usePathname();
  const { data, refetch } = useQuery({
    queryKey: onboardingKeys.all,
    queryFn: () => ok(api.GET("/api/account/setup")),
    retry: false,
  });
  // Each page may be where a step was just done (the calendar connected, the number claimed): read again on arrival.
  useEffect(() => {
    void refetch();
  }, [path, refetch]);
  if (!data || data.canTakeCalls || path === "/dashboard/setup") return null;
  // Business details and hours once given; the calendar, the plan and the number as they are now (a lapsed grant shows).
  const isDone = (key: (typeof ITEMS)[number]["key"]) =>
    key === "information" || key === "workingHours" ? data.done[key] : data.ready[key];
  const left = ITEMS.filter((i) => !isDone(i.key)).length;
  return (
    <section
      aria-labelledby="getting-started-title"
      className="mb-6 rounded-2xl border border-indigo-200 bg-indigo-50 p-5"
      data-testid="getting-started"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="getting-started-title" className="text-lg font-semibold text-indigo-950">
            {t("title")}
          </h2>
          <p className="text-sm text-indigo-950">{t("lead", { count: left })}</p>
        </div>
        {data.next && (
          <Link href="/dashboard/setup" className="btn-primary">
            {t("continue")}
          </Link>
        )}
      </div>
      <ChecklistItems items={ITEMS.map(({ key, href }) => ({ key, href, done: isDone(key) }))} />
    </section>
  );
}

/** One checklist's items: a tick and the item once done, else a link to the page where it is done. */
function ChecklistItems({ items }: { items: { key: string; href: string; done: boolean }[] }) {
  const t = useTranslations("GettingStarted");
  return (
    <ul className="mt-4 grid gap-2 sm:grid-cols-2">
      {items.map(({ key, href, done }) => (
        <li key={key} className="flex items-center gap-2 text-sm" data-done={done} data-testid={`getting-started-${key}`}>
          <span
            aria-hidden="true"
            className={`flex h-5 w-5 shrink-0 items-center justify-center rounded-full text-xs font-bold ${done ? "bg-emerald-700 text-white" : "border border-indigo-400 bg-white"}`}
          >
            {done ? "✓" : ""}
          </span>
          {done ? (
            <span className="text-slate-700">
              {t(`items.${key}`)}
              <span className="sr-only"> ({t("done")})</span>
            </span>
          ) : (
            <Link href={href} className="font-medium text-indigo-800 underline underline-offset-4">
              {t(`items.${key}`)}
            </Link>
          )}
        </li>
      ))}
    </ul>
  );
}

/** Where each of Today's items is done. */
const RECEPTIONIST_ITEMS: Record<ChecklistItem, string> = {
  practitioners: "/dashboard/practitioners",
  calendars: "/dashboard/practitioners",
  knowledge: "/dashboard/knowledge",
  transfers: "/dashboard/transfers",
  bookingPage: "/dashboard/booking-page",
  tryCall: "/dashboard/try",
};

const CHECKLIST_ITEMS = Object.keys(RECEPTIONIST_ITEMS) as ChecklistItem[];

/** Today's checklist, shown until every item is done. */
export function ReceptionistChecklist({ checklist }: { checklist: Checklist }) {
  const t = useTranslations("GettingStarted");
  const left = CHECKLIST_ITEMS.filter((k) => !checklist[k]).length;
  if (left === 0) return null;
  return (
    <section
      aria-labelledby="receptionist-checklist-title"
      className="mb-6 rounded-2xl border border-indigo-200 bg-indigo-50 p-5"
      data-testid="receptionist-checklist"
    >
      <h2 id="receptionist-checklist-title" className="text-lg font-semibold text-indigo-950">
        {t("receptionistTitle")}
      </h2>
      <p className="text-sm text-indigo-950">{t("receptionistLead", { count: left })}</p>
      <ChecklistItems items={CHECKLIST_ITEMS.map((key) => ({ key, href: RECEPTIONIST_ITEMS[key], done: checklist[key] }))} />
    </section>
  );
}
