import type { ComponentProps, ReactNode } from "react";

type Common = { id: string; label: ReactNode; error?: string; hint?: ReactNode };

const describedBy = (id: string, error?: string, hint?: ReactNode) =>
  [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;

function Messages({ id, error, hint }: { id: string; error?: string; hint?: ReactNode }) {
  return (
    <>
      {hint && (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      )}
    </>
  );
}

export function TextField({ id, label, error, hint, ...input }: Common & ComponentProps<"input">) {
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <input
        id={id}
        className="field-input"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        {...input}
      />
      <Messages id={id} error={error} hint={hint} />
    </div>
  );
}

export function SelectField({ id, label, error, hint, children, ...select }: Common & ComponentProps<"select">) {
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <select
        id={id}
        className="field-input"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        {...select}
      >
        {children}
      </select>
      <Messages id={id} error={error} hint={hint} />
    </div>
  );
}

export function TextAreaField({ id, label, error, hint, ...area }: Common & ComponentProps<"textarea">) {
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <textarea
        id={id}
        className="field-input"
        rows={4}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        {...area}
      />
      <Messages id={id} error={error} hint={hint} />
    </div>
  );
}

/** A form-level message (server error, expired session) announced to screen readers. */
export function FormAlert({
  tone = "error",
  children,
  testId,
}: {
  tone?: "error" | "info" | "success";
  children: ReactNode;
  testId?: string;
}) {
  const styles = {
    error: "border-red-300 bg-red-50 text-red-900",
    info: "border-amber-300 bg-amber-50 text-amber-950",
    success: "border-emerald-300 bg-emerald-50 text-emerald-900",
  };
  return (
    <div
      role={tone === "error" ? "alert" : "status"}
      data-testid={testId}
      className={`rounded-lg border px-4 py-3 text-sm ${styles[tone]}`}
    >
      {children}
    </div>
  );
}
