"use client";
// Admin Users: a searchable table, a settings dialog per user (details, Activate/Deactivate, Assign Phone
// Number with the calendar warning), a confirmation before each change and the "Operation Failed" banner.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useLocale, useTranslations } from "next-intl";
import { useCallback, useEffect, useId, useMemo, useRef, useState } from "react";
import { toast } from "sonner";
import { SelectField } from "@/components/forms/fields";
import type { Profile } from "@/lib/accounts/account/profile";
import { api, ok, failureText, SessionExpiredError, type Answer } from "@/lib/platform/client/api";
import { adminKeys, invalidateAdmin, invalidateAvailableNumbers } from "@/lib/platform/client/queries/admin";
import { formatCountry, formatLongDate, formatShortDate } from "@/lib/platform/format/intl";
import { PhoneLink, useInternationalPhone } from "../phone";
import { Badge, ConfirmDialog, Details, LoadError, Loading, SearchTable, SectionHeader } from "../ui";
import { OperationFailed } from "./operation-failed";
import { CloseButton } from "@/components/ui/close-button";

type AvailableNumber = Answer<"/api/admin/phone-numbers/available">["phoneNumbers"][number];

async function loadUsers(): Promise<Profile[]> {
  const data = await ok(api.GET("/api/admin/users"));
  // The types say what the server declares; what reaches the browser (an old server, a proxy's page) is checked.
  if (!Array.isArray(data?.users)) throw new UnexpectedFormat();
  return data.users;
}
class UnexpectedFormat extends Error {}

/** Who the account is, for a sentence: its name, or its email while it has none (an account nobody set up yet). */
const nameOf = (u: Pick<Profile, "fullName" | "email">) => u.fullName.trim() || u.email;

function matchesUser(u: Pick<Profile, "fullName" | "email">, search: string): boolean {
  const q = search.trim().toLowerCase();
  return !q || u.fullName.toLowerCase().includes(q) || u.email.toLowerCase().includes(q);
}

export function AdminUsers({ currentUserId }: { currentUserId: string }) {
  const t = useTranslations("AdminUsers");
  const locale = useLocale();
  const query = useQuery({ queryKey: adminKeys.users(), queryFn: loadUsers });
  // The usage column fills in when its own answer comes; the table never waits for it.
  const usage = useQuery({
    queryKey: adminKeys.usage(),
    queryFn: () => ok(api.GET("/api/admin/usage")),
  });
  const formatPhone = useInternationalPhone();
  const [search, setSearch] = useState("");
  const [selected, setSelected] = useState<string | null>(null);
  const users = useMemo(() => (query.data ?? []).filter((u) => matchesUser(u, search)), [query.data, search]);

  return (
    <>
      <SectionHeader title={t("title")} description={t("description")} />
      {query.isPending ? (
        <Loading />
      ) : query.isError ? (
        <LoadError
          message={query.error instanceof UnexpectedFormat ? t("unexpectedFormat") : t("loadFailed")}
          onRetry={() => query.refetch()}
        />
      ) : (
        <SearchTable
          title={t("title")}
          id="user-search"
          label={t("search")}
          placeholder={t("searchPlaceholder")}
          search={search}
          onSearch={setSearch}
          count={t("count", { count: users.length })}
          columns={(["user", "email", "phone", "status", "calendar", "subscription", "usage", "actions"] as const).map((c) =>
            t(`columns.${c}`),
          )}
          minWidth="52rem"
          empty={users.length === 0 ? t("noMatch") : null}
        >
          {users.map((u) => (
            <tr key={u.id} data-testid="user-row">
              <th scope="row" className="px-3 py-3 font-semibold text-slate-900">
                <span className="inline-flex items-center gap-2">
                  {u.fullName.trim() || <span className="font-normal italic text-slate-600">{t("noName")}</span>}
                  {u.type === "admin" && (
                    <span title={t("admin")} className="inline-flex items-center text-indigo-700" data-testid="admin-badge">
                      <svg aria-hidden="true" width="16" height="16" viewBox="0 0 24 24" fill="currentColor">
                        <path d="M12 2 4 5v6c0 5 3.4 9.7 8 11 4.6-1.3 8-6 8-11V5l-8-3Z" />
                      </svg>
                      <span className="sr-only">{t("admin")}</span>
                    </span>
                  )}
                </span>
              </th>
              <td className="max-w-[14rem] break-all px-3 py-3 text-slate-700">{u.email}</td>
              <td className="px-3 py-3 text-slate-700">
                {u.telnyxPhoneNumber ? formatPhone(u.telnyxPhoneNumber) : <span className="text-slate-600">{t("noNumber")}</span>}
              </td>
              <td className="px-3 py-3" data-testid="user-status">
                <UserStatus user={u} />
              </td>
              <td className="px-3 py-3">
                <Badge tone={u.hasGoogleOAuth ? "green" : "gray"}>{u.hasGoogleOAuth ? t("authorized") : t("notAuthorized")}</Badge>
              </td>
              <td className="px-3 py-3 text-slate-700">
                <SubscriptionSummary user={u} locale={locale} />
              </td>
              <td className="px-3 py-3 text-slate-700 tabular-nums" data-testid="user-usage">
                {usage.data?.usage[u.id]?.minutes ?? "–"}
              </td>
              <td className="px-3 py-3">
                <button type="button" className="btn-secondary" onClick={() => setSelected(u.id)}>
                  {t("settings")}
                  <span className="sr-only"> {nameOf(u)}</span>
                </button>
              </td>
            </tr>
          ))}
        </SearchTable>
      )}
      {selected && <UserSettings userId={selected} currentUserId={currentUserId} onClose={() => setSelected(null)} />}
    </>
  );
}

/**
 * Active or Inactive (the admin's switch); an account a checkout created and nobody set up yet is neither: it waits for
 * its owner to open the emailed link.
 */
function UserStatus({ user, testId }: { user: Pick<Profile, "isActive" | "setUp">; testId?: string }) {
  const t = useTranslations("AdminUsers");
  if (!user.isActive)
    return (
      <Badge tone="red" testId={testId}>
        {t("inactive")}
      </Badge>
    );
  if (!user.setUp)
    return (
      <Badge tone="amber" testId={testId}>
        {t("pendingSetup")}
      </Badge>
    );
  return (
    <Badge tone="green" testId={testId}>
      {t("active")}
    </Badge>
  );
}

/** The admin table derives only active or inactive; the type and the expiry say the rest. */
function SubscriptionSummary({ user, locale }: { user: Profile; locale: string }) {
  const t = useTranslations("AdminUsers");
  if (!user.subscription) return <span className="text-slate-600">{t("subscriptionNone")}</span>;
  return (
    <span className="flex flex-col gap-1">
      <span className="flex flex-wrap items-center gap-1">
        <Badge tone={user.subscription.status ? "green" : "red"}>{user.subscription.status ? t("active") : t("inactive")}</Badge>
        <span>{user.subscriptionType === "trial" ? t("typeTrial") : t("typeSubscribed")}</span>
      </span>
      {user.subscription.endTime && (
        <span className="text-xs text-slate-600">{t("expires", { date: formatShortDate(user.subscription.endTime, locale) })}</span>
      )}
    </span>
  );
}

type Pending = { kind: "status"; isActive: boolean } | { kind: "assign"; phoneNumber: string } | { kind: "reset" };

/**
 * The free numbers with those of the user's business's country first: the one an owner would have claimed. Any other
 * stays on offer, for an admin who means it.
 */
function byCountryFirst(numbers: AvailableNumber[], country: string): AvailableNumber[] {
  return [...numbers.filter((n) => n.region === country), ...numbers.filter((n) => n.region !== country)];
}

/** The per-user dialog. Its "Operation Failed" banner sits inside it: the page behind a modal dialog is inert. */
function UserSettings({ userId, currentUserId, onClose }: { userId: string; currentUserId: string; onClose: () => void }) {
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
  const [choice, setChoice] = useState("");
  const [choiceError, setChoiceError] = useState<string | null>(null);
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
      setChoice("");
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
                  onSubmit={(e) => {
                    e.preventDefault();
                    // Assigning needs a selected number.
                    if (!choice) return setChoiceError(t("selectNumber"));
                    setChoiceError(null);
                    setPending({ kind: "assign", phoneNumber: choice });
                  }}
                >
                  <div className="min-w-64 flex-1">
                    <SelectField
                      id="assign-number"
                      label={t("availableNumbers")}
                      value={choice}
                      error={choiceError ?? undefined}
                      onChange={(e) => setChoice(e.target.value)}
                      disabled={available.isPending}
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
