"use client";
// Admin Users' per-user dialog: details, Activate/Deactivate, a password reset link, Assign Phone Number with the
// calendar warning, a confirmation before each change and the "Operation Failed" banner. Loaded when the admin opens
// it: the table does not need it (nor react-hook-form, which the number's form uses).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useLocale, useTranslations } from "next-intl";
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { SelectField } from "@/components/forms/fields";
import { lazyZodResolver } from "@/components/forms/lazy-zod-resolver";
import { useErrorText } from "@/components/forms/use-error-text";
import type { assignNumberSchema } from "@/lib/accounts/numbers/numbers.schemas";
import { api, ok, failureText, SessionExpiredError, type Answer } from "@/lib/platform/client/api";
import { adminKeys, invalidateAdmin, invalidateAvailableNumbers } from "@/lib/platform/client/queries/admin";
import { formatCountry, formatLongDate } from "@/lib/platform/format/intl";
import { CloseButton } from "@/components/ui/close-button";
import { PhoneLink, useInternationalPhone } from "../phone";
import { ConfirmDialog, Details, LoadError, Loading } from "../ui";
import { OperationFailed } from "./operation-failed";
import { nameOf, UserStatus } from "./user-status";

type AvailableNumber = Answer<"/api/admin/phone-numbers/available">["phoneNumbers"][number];

type Pending = { kind: "status"; isActive: boolean } | { kind: "assign"; phoneNumber: string } | { kind: "reset" };

/**
 * The free numbers with those of the user's business's country first: the one an owner would have claimed. Any other
 * stays on offer, for an admin who means it.
 */
function byCountryFirst(numbers: AvailableNumber[], country: string): AvailableNumber[] {
  return [...numbers.filter((n) => n.region === country), ...numbers.filter((n) => n.region !== country)];
}

/** The per-user dialog. Its "Operation Failed" banner sits inside it: the page behind a modal dialog is inert. */
export default function UserSettings({ userId, currentUserId, onClose }: { userId: string; currentUserId: string; onClose: () => void }) {
  const t = useTranslations("AdminUsers");
  const fields = useTranslations("Fields");
  const options = useTranslations("Options");
  const locale = useLocale();
  const formatPhone = useInternationalPhone();
  const qc = useQueryClient();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const details = useQuery({
    queryKey: adminKeys.user(userId),
    queryFn: () => ok(api.GET("/api/admin/users/{id}", { params: { path: { id: userId } } })),
  });
  const available = useQuery({
    queryKey: adminKeys.availableNumbers(),
    queryFn: () => ok(api.GET("/api/admin/phone-numbers/available")),
  });
  const errorText = useErrorText();
  // The number to assign, checked by the route's own schema (a number must be chosen) before the confirmation.
  const assignForm = useForm({
    resolver: lazyZodResolver<typeof assignNumberSchema>(() =>
      import("@/lib/accounts/numbers/numbers.schemas").then((s) => s.assignNumberSchema),
    ),
    defaultValues: { phoneNumber: "" },
  });
  const choiceError = errorText("phoneNumber", assignForm.formState.errors.phoneNumber);
  const [pending, setPending] = useState<Pending | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const dismiss = useCallback(() => setFailure(null), []);

  useEffect(() => {
    ref.current?.showModal();
  }, []);

  const refresh = () => invalidateAdmin(qc);
  const fail = (e: unknown, fallback: string) => {
    if (e instanceof SessionExpiredError) return;
    setPending(null);
    setDone(null);
    setFailure(failureText(e, fallback));
    // What failed may be a number someone else took meanwhile: the list must not offer it again.
    void invalidateAvailableNumbers(qc);
  };
  // The page behind this modal dialog is inert (its toasts too): the outcome is also said here.
  const succeed = (message: string) => {
    setFailure(null);
    setDone(message);
    toast.success(message);
  };
  const setStatus = useMutation({
    mutationFn: (isActive: boolean) =>
      ok(api.PUT("/api/admin/users/{id}/status", { params: { path: { id: userId } }, body: { isActive } })),
    onSuccess: async (p) => {
      setPending(null);
      succeed(p.isActive ? t("activated", { name: nameOf(p) }) : t("deactivated", { name: nameOf(p) }));
      await refresh();
    },
    onError: (e) => fail(e, t("statusFailed")),
  });
  const assign = useMutation({
    mutationFn: (phoneNumber: string) =>
      ok(api.POST("/api/admin/users/{id}/phone-number", { params: { path: { id: userId } }, body: { phoneNumber } })),
    onSuccess: async (_, phoneNumber) => {
      setPending(null);
      assignForm.reset();
      succeed(t("assigned", { number: formatPhone(phoneNumber) }));
      await refresh();
    },
    onError: (e) => fail(e, t("assignFailed")),
  });
  const sendReset = useMutation({
    mutationFn: () => ok(api.POST("/api/admin/users/{id}/password-reset", { params: { path: { id: userId } } })),
    onSuccess: ({ message }) => {
      setPending(null);
      succeed(message);
    },
    onError: (e) => fail(e, t("resetLinkFailed")),
  });

  const user = details.data;
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onClose={(e) => e.target === e.currentTarget && onClose()}
      className="m-auto w-[min(40rem,calc(100vw-2rem))] rounded-2xl bg-white p-0 shadow-xl backdrop:bg-slate-900/50"
      data-testid="user-settings"
    >
      <div className="flex items-center justify-between border-b border-slate-200 px-6 py-4">
        <h2 id={titleId} className="text-lg font-semibold text-slate-900">
          {user ? t("settingsFor", { name: nameOf(user) }) : t("userSettings")}
        </h2>
        <CloseButton label={t("close")} onClick={() => ref.current?.close()} />
      </div>
      <div className="max-h-[70dvh] space-y-6 overflow-y-auto px-6 py-4">
        <OperationFailed message={failure} onDismiss={dismiss} />
        <p
          role="status"
          data-testid="operation-done"
          className={done ? "rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-900" : "sr-only"}
        >
          {done}
        </p>
        {details.isPending ? (
          <Loading />
        ) : details.isError ? (
          <LoadError message={t("unableToLoadUser")} onRetry={() => details.refetch()} />
        ) : (
          <>
            <Details
              rows={[
                { label: fields("email"), value: user!.email },
                { label: fields("phone"), value: user!.phone ? <PhoneLink value={user!.phone} international /> : null },
                { label: fields("businessName"), value: user!.businessName },
                {
                  label: fields("businessType"),
                  value: user!.businessType ? options(`businessTypes.${user!.businessType}`) : null,
                },
                {
                  label: t("columns.status"),
                  value: <UserStatus user={user!} testId="detail-status" />,
                },
                { label: t("columns.calendar"), value: user!.hasGoogleOAuth ? t("authorized") : t("notAuthorized") },
                {
                  label: t("assignedNumber"),
                  value: user!.telnyxPhoneNumber ? formatPhone(user!.telnyxPhoneNumber) : t("noNumber"),
                  testId: "detail-number",
                },
                { label: t("memberSince"), value: formatLongDate(user!.createdAt, locale) },
              ]}
            />
            <section aria-labelledby={`${titleId}-status`} className="space-y-2">
              <h3 id={`${titleId}-status`} className="font-semibold text-slate-900">
                {t("accountStatus")}
              </h3>
              {user!.id === currentUserId ? (
                <p className="text-sm text-slate-600">{t("cannotDeactivateSelf")}</p>
              ) : (
                <button type="button" className="btn-secondary" onClick={() => setPending({ kind: "status", isActive: !user!.isActive })}>
                  {user!.isActive ? t("deactivate") : t("activate")}
                </button>
              )}
            </section>
            {user!.isActive && (
              <section aria-labelledby={`${titleId}-password`} className="space-y-2">
                <h3 id={`${titleId}-password`} className="font-semibold text-slate-900">
                  {t("password")}
                </h3>
                <p className="text-sm text-slate-600">{t("passwordHelp")}</p>
                <button type="button" className="btn-secondary" onClick={() => setPending({ kind: "reset" })}>
                  {t("sendResetLink")}
                </button>
              </section>
            )}
            <section aria-labelledby={`${titleId}-assign`} className="space-y-3">
              <h3 id={`${titleId}-assign`} className="font-semibold text-slate-900">
                {t("assignNumber")}
              </h3>
              <p
                role="status"
                className={`rounded-lg px-3 py-2 text-sm ${user!.hasGoogleOAuth ? "bg-emerald-50 text-emerald-900" : "bg-amber-50 text-amber-950"}`}
                data-testid="calendar-warning"
              >
                {user!.hasGoogleOAuth ? t("calendarAuthorized") : t("calendarNotAuthorized")}
              </p>
              <p className="text-sm text-slate-700" data-testid="business-country">
                {t("businessCountry", { country: formatCountry(user!.country, locale) })}
              </p>
              {available.isError ? (
                <LoadError message={t("availableFailed")} onRetry={() => available.refetch()} />
              ) : (
                <form
                  method="post"
                  className="flex flex-wrap items-end gap-3"
                  noValidate
                  onSubmit={assignForm.handleSubmit(({ phoneNumber }) => setPending({ kind: "assign", phoneNumber }))}
                >
                  <div className="min-w-64 flex-1">
                    <SelectField
                      id="assign-number"
                      label={t("availableNumbers")}
                      error={choiceError}
                      disabled={available.isPending}
                      {...assignForm.register("phoneNumber")}
                    >
                      <option value="">
                        {available.isPending
                          ? t("loadingNumbers")
                          : available.data?.phoneNumbers.length
                            ? t("chooseNumber")
                            : t("noAvailable")}
                      </option>
                      {byCountryFirst(available.data?.phoneNumbers ?? [], user!.country).map((n) => (
                        <option key={n.id} value={n.phoneNumber}>
                          {formatPhone(n.phoneNumber)} ({n.region})
                        </option>
                      ))}
                    </SelectField>
                  </div>
                  <button type="submit" className={`btn-primary ${choiceError ? "mb-7" : ""}`}>
                    {t("assign")}
                  </button>
                </form>
              )}
            </section>
          </>
        )}
      </div>
      <ConfirmDialog
        open={pending !== null}
        tone={pending?.kind === "status" && !pending.isActive ? "danger" : "primary"}
        title={t("confirmTitle")}
        confirmLabel={t("confirm")}
        onClose={() => setPending(null)}
        onConfirm={() => {
          if (pending?.kind === "status") return setStatus.mutateAsync(pending.isActive).catch(() => undefined);
          if (pending?.kind === "reset") return sendReset.mutateAsync().catch(() => undefined);
          if (pending?.kind === "assign") return assign.mutateAsync(pending.phoneNumber).catch(() => undefined);
        }}
      >
        {pending?.kind === "reset" && <p>{t("confirmResetLink", { name: user ? nameOf(user) : "" })}</p>}
        {pending?.kind === "status" && (
          <p>
            {pending.isActive
              ? t("confirmActivate", { name: user ? nameOf(user) : "" })
              : t("confirmDeactivate", { name: user ? nameOf(user) : "" })}
          </p>
        )}
        {pending?.kind === "assign" && (
          <p>{t("confirmAssign", { number: formatPhone(pending.phoneNumber), name: user ? nameOf(user) : "" })}</p>
        )}
      </ConfirmDialog>
    </dialog>
  );
}
