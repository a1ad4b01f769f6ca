"use client";
// The Team page: who signs in to the practice and as what. The owner first; each member with their role (changed
// here), or their pending invitation (sent again, or withdrawn); the invitation form. Every change that takes someone's
// access away is confirmed first.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useLocale, useTranslations } from "next-intl";
import { useState } from "react";
import { toast } from "sonner";
import { api, ok, type Answer } from "@/lib/platform/client/api";
import { invalidateMembers, membersQuery } from "@/lib/platform/client/queries/members";
import { practitionersQuery } from "@/lib/platform/client/queries/practitioners";
import { formatLongDate } from "@/lib/platform/format/intl";
import { MEMBER_ROLES, type MemberRole } from "@/lib/platform/shared/roles";
import { Badge, Card, ConfirmDialog, LoadError, Loading, SectionHeader } from "../ui";
import { toastFailure } from "../use-profile-save";
import { InviteForm } from "./invite-form";

type Member = Answer<"/api/members">["members"][number];
type Change = { member: Member; role: MemberRole; practitionerId: string | null };

export function Team({ timeZone }: { timeZone: string }) {
  const t = useTranslations("Team");
  const locale = useLocale();
  const qc = useQueryClient();
  const list = useQuery(membersQuery());
  const team = useQuery(practitionersQuery());
  const practitioners = team.data?.practitioners ?? [];
  const [removing, setRemoving] = useState<Member | null>(null);
  const [changing, setChanging] = useState<Change | null>(null);

  const update = useMutation({
    mutationFn: ({ member, role, practitionerId }: Change) =>
      ok(api.PUT("/api/members/{id}", { params: { path: { id: member.id } }, body: { role, practitionerId } })),
    onSuccess: (m) => {
      setChanging(null);
      toast.success(t("roleChanged", { email: m.email, role: t(`roles.${m.role}`) }));
      return invalidateMembers(qc);
    },
    onError: (e) => toastFailure(t("changeFailed"), e),
  });
  const remove = useMutation({
    mutationFn: (m: Member) => ok(api.DELETE("/api/members/{id}", { params: { path: { id: m.id } } })),
    onSuccess: (_, m) => {
      setRemoving(null);
      toast.success(t(m.status === "invited" ? "withdrawn" : "removed", { email: m.email }));
      return invalidateMembers(qc);
    },
    onError: (e) => toastFailure(t("removeFailed"), e),
  });
  const resend = useMutation({
    mutationFn: (m: Member) =>
      ok(api.POST("/api/members", { body: { email: m.email, role: m.role as MemberRole, practitionerId: m.practitionerId } })),
    onSuccess: (m) => {
      toast.success(t("resent", { email: m.email }));
      return invalidateMembers(qc);
    },
    onError: (e) => toastFailure(t("inviteFailed"), e),
  });

  return (
    <>
      <SectionHeader title={t("title")} description={t("description")} />
      <div className="space-y-6">
        <Card title={t("membersTitle")} testId="team-members">
          {list.isPending ? (
            <Loading />
          ) : list.isError ? (
            <LoadError message={t("loadFailed")} onRetry={() => list.refetch()} />
          ) : (
            <ul className="divide-y divide-slate-100">
              {list.data.members.map((m) => (
                <li key={m.id} className="flex flex-wrap items-center gap-3 py-3" data-testid="team-member">
                  <div className="min-w-0 flex-1">
                    <p className="truncate font-semibold text-slate-900">{m.name ?? m.email}</p>
                    {m.name && <p className="truncate text-sm text-slate-600">{m.email}</p>}
                    {m.status === "invited" && m.expiresAt && (
                      <p className="text-sm text-slate-600">{t("invitedUntil", { date: formatLongDate(m.expiresAt, locale, timeZone) })}</p>
                    )}
                  </div>
                  {m.status === "invited" && <Badge tone="amber">{t("invited")}</Badge>}
                  {m.role === "owner" ? (
                    <Badge tone="blue">{t("roles.owner")}</Badge>
                  ) : (
                    <div className="flex flex-wrap items-center gap-2">
                      <label className="sr-only" htmlFor={`role-${m.id}`}>
                        {t("roleOf", { email: m.email })}
                      </label>
                      <select
                        id={`role-${m.id}`}
                        className="field-input min-h-11 w-auto"
                        value={m.role === "practitioner" ? `practitioner:${m.practitionerId}` : m.role}
                        disabled={update.isPending}
                        onChange={(e) => {
                          const [role, practitionerId] = e.target.value.split(":") as [MemberRole, string | undefined];
                          setChanging({ member: m, role, practitionerId: practitionerId ?? null });
                        }}
                      >
                        {MEMBER_ROLES.filter((r) => r !== "practitioner").map((r) => (
                          <option key={r} value={r}>
                            {t(`roles.${r}`)}
                          </option>
                        ))}
                        {practitioners.map((p) => (
                          <option key={p.id} value={`practitioner:${p.id}`}>
                            {t("practitionerAs", { name: p.displayName })}
                          </option>
                        ))}
                      </select>
                      {m.status === "invited" && (
                        <button type="button" className="btn-secondary" disabled={resend.isPending} onClick={() => resend.mutate(m)}>
                          {t("resend")}
                          <span className="sr-only"> {m.email}</span>
                        </button>
                      )}
                      <button type="button" className="btn-secondary" onClick={() => setRemoving(m)}>
                        {m.status === "invited" ? t("withdraw") : t("remove")}
                        <span className="sr-only"> {m.email}</span>
                      </button>
                    </div>
                  )}
                </li>
              ))}
            </ul>
          )}
        </Card>
        <Card title={t("inviteTitle")} testId="team-invite">
          <p className="mb-3 text-sm text-slate-600">{t("inviteText")}</p>
          <InviteForm practitioners={practitioners} />
        </Card>
        <Card title={t("rolesTitle")}>
          <dl className="space-y-2 text-sm">
            {(["owner", ...MEMBER_ROLES] as const).map((r) => (
              <div key={r}>
                <dt className="font-semibold text-slate-900">{t(`roles.${r}`)}</dt>
                <dd className="text-slate-600">{t(`roleText.${r}`)}</dd>
              </div>
            ))}
          </dl>
        </Card>
      </div>
      <ConfirmDialog
        open={changing !== null}
        title={t("changeTitle")}
        tone="primary"
        confirmLabel={t("changeConfirm")}
        busyLabel={t("saving")}
        onConfirm={() => (changing ? update.mutateAsync(changing).catch(() => undefined) : undefined)}
        onClose={() => setChanging(null)}
      >
        {changing && <p>{t("changeText", { email: changing.member.email, role: t(`roles.${changing.role}`) })}</p>}
      </ConfirmDialog>
      <ConfirmDialog
        open={removing !== null}
        title={removing?.status === "invited" ? t("withdrawTitle") : t("removeTitle")}
        confirmLabel={removing?.status === "invited" ? t("withdraw") : t("remove")}
        busyLabel={t("removing")}
        onConfirm={() => (removing ? remove.mutateAsync(removing).catch(() => undefined) : undefined)}
        onClose={() => setRemoving(null)}
      >
        {removing && <p>{t(removing.status === "invited" ? "withdrawText" : "removeText", { email: removing.email })}</p>}
      </ConfirmDialog>
    </>
  );
}
