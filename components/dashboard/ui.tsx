"use client";
// The dashboard's building blocks: section frame, cards, status badges, load errors, the confirm dialog.
import { useTranslations } from "next-intl";
import { Suspense, useEffect, useId, useRef, useState, type ReactNode } from "react";
import { Card } from "./frame";

// The frame pieces live in frame.tsx, so a page that needs only them (the security page) loads nothing else of these.
export { Card, SectionHeader } from "./frame";

/** A card with an Edit button: each section toggles between view and edit mode, and saving returns to view. */
export function EditableCard({ title, view, edit }: { title: string; view: ReactNode; edit: (done: () => void) => ReactNode }) {
  const t = useTranslations("Dashboard");
  const [editing, setEditing] = useState(false);
  const body = useRef<HTMLDivElement>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  const toggled = useRef(false);
  // Keyboard and screen-reader users keep their place: into the form's first field, back to Edit afterwards. A form
  // loaded on demand is focused when it arrives.
  useEffect(() => {
    if (!toggled.current) return;
    if (!editing) {
      editButton.current?.focus();
      return;
    }
    const box = body.current;
    if (!box) return;
    const focusFirstField = () => {
      const field = box.querySelector<HTMLElement>("input, select, textarea");
      field?.focus();
      return !!field;
    };
    if (focusFirstField()) return;
    const arrival = new MutationObserver(() => {
      if (focusFirstField()) arrival.disconnect();
    });
    arrival.observe(box, { childList: true, subtree: true });
    return () => arrival.disconnect();
  }, [editing]);
  const toggle = (value: boolean) => {
    toggled.current = true;
    setEditing(value);
  };
  return (
    <Card
      title={title}
      actions={
        !editing && (
          <button ref={editButton} type="button" className="btn-secondary" onClick={() => toggle(true)}>
            {t("edit")}
          </button>
        )
      }
    >
      <div ref={body}>
        {/* eslint-disable-next-line react-hooks/refs -- toggle writes its ref only when the form calls it from an event, never during render */}
        {editing ? <Suspense fallback={<Loading />}>{edit(() => toggle(false))}</Suspense> : view}
      </div>
    </Card>
  );
}

/** The admin tables: a search box with a live count above a table that scrolls sideways inside its own region. */
export function SearchTable({
  title,
  id,
  label,
  placeholder,
  search,
  onSearch,
  count,
  columns,
  minWidth,
  empty,
  children,
}: {
  title: string;
  id: string;
  label: string;
  placeholder: string;
  search: string;
  onSearch: (value: string) => void;
  count: string;
  columns: string[];
  minWidth: string;
  empty: string | null;
  children: ReactNode;
}) {
  return (
    <div className="rounded-2xl border border-slate-200 bg-white shadow-sm">
      <div className="border-b border-slate-200 p-4">
        <label htmlFor={id} className="field-label">
          {label}
        </label>
        <input
          id={id}
          type="search"
          className="field-input max-w-md"
          placeholder={placeholder}
          value={search}
          onChange={(e) => onSearch(e.target.value)}
        />
        <p className="mt-2 text-sm text-slate-600" role="status">
          {count}
        </p>
      </div>
      {/* relative: the visually hidden labels inside are positioned here, not against the page (which they would widen). */}
      <div className="relative overflow-x-auto" tabIndex={0} role="region" aria-label={title}>
        <table className="w-full text-left text-sm" style={{ minWidth }}>
          <thead className="border-b border-slate-200 bg-slate-50 text-slate-700">
            <tr>
              {columns.map((c) => (
                <th key={c} scope="col" className="px-3 py-3 font-semibold">
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">{children}</tbody>
        </table>
        {empty && <p className="p-4 text-slate-600">{empty}</p>}
      </div>
    </div>
  );
}

/** A definition list of label/value rows; an empty value reads "Not set". */
export function Details({ rows }: { rows: { label: string; value: ReactNode; testId?: string }[] }) {
  const t = useTranslations("Dashboard");
  return (
    <dl className="divide-y divide-slate-100">
      {rows.map((r) => (
        <div key={r.label} className="grid gap-1 py-3 sm:grid-cols-3 sm:gap-4">
          <dt className="text-sm font-medium text-slate-600">{r.label}</dt>
          <dd className="break-words text-slate-900 sm:col-span-2" data-testid={r.testId}>
            {r.value === null || r.value === undefined || r.value === "" ? <span className="text-slate-600">{t("notSet")}</span> : r.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

const TONES = {
  green: "bg-emerald-100 text-emerald-900",
  red: "bg-red-100 text-red-900",
  amber: "bg-amber-100 text-amber-950",
  blue: "bg-indigo-100 text-indigo-900",
  gray: "bg-slate-100 text-slate-800",
} as const;

export function Badge({ tone, children, testId }: { tone: keyof typeof TONES; children: ReactNode; testId?: string }) {
  return (
    <span
      data-testid={testId}
      className={`inline-flex items-center whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ${TONES[tone]}`}
    >
      {children}
    </span>
  );
}

export function Loading({ label }: { label?: string }) {
  const t = useTranslations("Dashboard");
  return (
    <div role="status" className="flex items-center gap-3 py-8 text-slate-600">
      <span aria-hidden="true" className="size-5 animate-spin rounded-full border-2 border-slate-300 border-t-indigo-700" />
      {label ?? t("loading")}
    </div>
  );
}

/** A failed load: the section's own message, and a way to try again. */
export function LoadError({ message, onRetry, retryLabel }: { message: string; onRetry: () => void; retryLabel?: string }) {
  const t = useTranslations("Dashboard");
  return (
    <div role="alert" data-testid="load-error" className="rounded-xl border border-red-300 bg-red-50 p-4 text-red-900">
      <p className="font-medium">{message}</p>
      <button type="button" className="btn-secondary mt-3" onClick={onRetry}>
        {retryLabel ?? t("tryAgain")}
      </button>
    </div>
  );
}

/** A profile refresh failed: what is shown is the last copy we had (the cached-user fallback). */
export function StaleNotice({ message }: { message: string }) {
  const t = useTranslations("Dashboard");
  return (
    <p
      role="status"
      data-testid="stale-notice"
      className="mb-4 rounded-lg border border-amber-300 bg-amber-50 px-4 py-2 text-sm text-amber-950"
    >
      <span className="block font-semibold">{message}</span>
      {t("showingCached")}
    </p>
  );
}

/**
 * A modal confirmation on the browser's own <dialog>: focus is trapped, Escape cancels, the page behind is inert.
 * Focus starts on Cancel, so Enter never confirms a destructive action by accident.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  busyLabel,
  tone = "danger",
  onConfirm,
  onClose,
  extraActions,
}: {
  open: boolean;
  title: string;
  children?: ReactNode;
  confirmLabel?: string;
  busyLabel?: string;
  tone?: "danger" | "primary";
  onConfirm?: () => Promise<unknown> | void;
  onClose: () => void;
  extraActions?: ReactNode;
}) {
  const t = useTranslations("Dashboard");
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  const confirmClass =
    tone === "danger"
      ? "inline-flex min-h-11 items-center justify-center rounded-lg bg-red-700 px-5 py-2.5 font-semibold text-white hover:bg-red-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700 disabled:opacity-60"
      : "btn-primary";
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      // React hands a nested dialog's "close" to its ancestors' onClose too: only this dialog's own counts.
      onClose={(e) => e.target === e.currentTarget && onClose()}
      onCancel={(e) => busy && e.preventDefault()}
      className="m-auto w-[min(32rem,calc(100vw-2rem))] rounded-2xl bg-white p-0 shadow-xl backdrop:bg-slate-900/50"
    >
      {open && (
        <div className="p-6">
          <h2 id={titleId} className="text-lg font-semibold text-slate-900">
            {title}
          </h2>
          {children && <div className="mt-2 text-slate-700">{children}</div>}
          <div className="mt-6 flex flex-wrap justify-end gap-2">
            <button type="button" className="btn-secondary" autoFocus disabled={busy} onClick={onClose}>
              {t("cancel")}
            </button>
            {extraActions}
            {onConfirm && confirmLabel && (
              <button
                type="button"
                className={confirmClass}
                disabled={busy}
                data-testid="confirm-action"
                onClick={async () => {
                  setBusy(true);
                  try {
                    await onConfirm();
                  } finally {
                    setBusy(false);
                  }
                }}
              >
                {busy ? (busyLabel ?? t("working")) : confirmLabel}
              </button>
            )}
          </div>
        </div>
      )}
    </dialog>
  );
}
