"use client";
// "Block this number" on a call's page. Apart from the blocklist's form (blocked-numbers.tsx), so the pages that show
// calls load no form library for one button.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { toast } from "sonner";
import { api, ok } from "@/lib/platform/client/api";
import { usePhoneFormat } from "../phone";
import { toastFailure } from "../use-profile-save";

export const BLOCKED_KEY = ["blocked-numbers"] as const;

/** "Block this number" on a call's page: the caller's number, straight onto the blocklist. */
export function BlockCallerButton({ phone }: { phone: string }) {
  const t = useTranslations("CallsSection");
  const formatPhone = usePhoneFormat();
  const qc = useQueryClient();
  const list = useQuery({ queryKey: BLOCKED_KEY, queryFn: () => ok(api.GET("/api/blocked-numbers")) });
  const block = useMutation({
    mutationFn: () => ok(api.POST("/api/blocked-numbers", { body: { phone } })),
    onSuccess: () => {
      toast.success(t("blocked", { phone: formatPhone(phone) }));
      return qc.invalidateQueries({ queryKey: BLOCKED_KEY });
    },
    onError: (e) => {
      toastFailure(t("blockFailed"), e);
      // Already blocked elsewhere meanwhile (a 409): the list says so.
      return qc.invalidateQueries({ queryKey: BLOCKED_KEY });
    },
  });
  if (list.data?.blockedNumbers.some((b) => b.phone === phone)) {
    return (
      <p className="text-sm font-semibold text-slate-700" data-testid="caller-blocked">
        {t("callerBlocked")}
      </p>
    );
  }
  return (
    <button type="button" className="btn-secondary" disabled={block.isPending || list.isPending} onClick={() => block.mutate()}>
      {block.isPending ? t("blocking") : t("blockCaller")}
    </button>
  );
}
