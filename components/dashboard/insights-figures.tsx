// The insights page's figures (components/dashboard/insights.tsx): a chart with its title, CSV link and table, bars, and
// the booked/moved/cancelled counts by source or by practitioner. Server components, like the page.
import type { getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import { CHANGE_KINDS } from "@/lib/insights/insights.service";

export type T = Awaited<ReturnType<typeof getTranslations<"Insights">>>;

export function Figure({
  id,
  title,
  summary,
  t,
  csvHref,
  table,
  children,
}: {
  id: string;
  title: string;
  summary?: string;
  t: T;
  csvHref: string;
  table: ReactNode;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={`chart-${id}`}
      className="min-w-0 rounded-xl border border-slate-200 bg-white p-4"
      data-testid={`chart-${id}`}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={`chart-${id}`} className="text-base font-semibold text-slate-900">
          {title}
        </h2>
        <a href={csvHref} download className="text-sm font-medium text-indigo-700 underline hover:text-indigo-900">
          {t("downloadCsv")}
          <span className="sr-only"> ({title})</span>
        </a>
      </div>
      {summary && <p className="mt-1 text-sm text-slate-700">{summary}</p>}
      <div className="mt-3">{children}</div>
      <details className="mt-3">
        <summary className="cursor-pointer text-sm font-medium text-indigo-700">
          {t("showTable")}
          <span className="sr-only"> ({title})</span>
        </summary>
        <div className="mt-2 overflow-x-auto" tabIndex={0} role="region" aria-label={title}>
          {table}
        </div>
      </details>
    </section>
  );
}

/** Appointments booked, moved and cancelled, one row each (a source, a practitioner): bars and their table. */
export function ChangesFigure(props: {
  id: "bookings" | "practitioners";
  t: T;
  csvHref: string;
  first: string;
  rows: { label: string; counts: Record<(typeof CHANGE_KINDS)[number], number> }[];
}) {
  const { id, t, rows } = props;
  const kinds = (c: (typeof rows)[number]["counts"]) => CHANGE_KINDS.map((k) => c[k]);
  return (
    <Figure
      id={id}
      title={t(`charts.${id}.title`)}
      summary={t(`charts.${id}.summary`)}
      t={t}
      csvHref={props.csvHref}
      table={
        <SimpleTable
          head={[props.first, ...CHANGE_KINDS.map((k) => t(`changes.${k}`))]}
          rows={rows.map((r) => [r.label, ...kinds(r.counts)])}
        />
      }
    >
      <Bars
        items={rows.map((r) => ({
          label: r.label,
          value: kinds(r.counts).reduce((a, b) => a + b, 0),
          detail: CHANGE_KINDS.map((k) => `${t(`changes.${k}`)} ${r.counts[k]}`).join(" · "),
        }))}
      />
    </Figure>
  );
}

export function SimpleTable({ head, rows }: { head: string[]; rows: (string | number)[][] }) {
  return (
    <table className="min-w-full text-left text-sm">
      <thead>
        <tr className="border-b border-slate-200">
          {head.map((h, i) => (
            <th key={i} scope="col" className="px-2 py-1 font-semibold whitespace-nowrap text-slate-900">
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((r, i) => (
          <tr key={i} className="border-b border-slate-100">
            {r.map((c, j) =>
              j === 0 ? (
                <th key={j} scope="row" className="px-2 py-1 font-medium whitespace-nowrap text-slate-800">
                  {c}
                </th>
              ) : (
                <td key={j} className="px-2 py-1 text-slate-800 tabular-nums">
                  {c}
                </td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Horizontal bars with their figure written beside them (readable as text: no separate summary needed). */
export function Bars({ items }: { items: { label: string; value: number; detail?: string }[] }) {
  const max = Math.max(1, ...items.map((i) => i.value));
  return (
    <ul className="space-y-2">
      {items.map((i) => (
        <li key={i.label} className="text-sm">
          <div className="flex justify-between gap-2 text-slate-800">
            <span className="min-w-0 break-words">{i.label}</span>
            <span className="font-semibold tabular-nums">{i.value}</span>
          </div>
          <div className="mt-1 h-2 rounded-full bg-slate-100" aria-hidden="true">
            <div className="h-2 rounded-full bg-indigo-700" style={{ width: `${(i.value / max) * 100}%` }} />
          </div>
          {i.detail && <p className="mt-0.5 text-xs text-slate-600">{i.detail}</p>}
        </li>
      ))}
    </ul>
  );
}
