"use client";
// "Block this number" on a call's page. Apart from the blocklist's form (blocked-numbers.tsx), so the pages that show
// calls load no form library for one button.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { toast } from "sonner";
import { api, ok } from "@/lib/platform/client/api";
import { blockedNumbersQuery, invalidateBlockedNumbers } from "@/lib/platform/client/queries/blocked-numbers";
import { usePhoneFormat } from "../phone";
import { toastFailure } from "../use-profile-save";

/** "Block this number" on a call's page: the caller's number, straight onto the blocklist. */
export function BlockCallerButton({ phone }: { phone: string }) {
  const t = useTranslations("CallsSection");
  const formatPhone = usePhoneFormat();
  const qc = useQueryClient();
  const list = useQuery(blockedNumbersQuery());
  const block = useMutation({
    mutationFn: () => ok(api.POST("/api/blocked-numbers", { body: { phone } })),
    onSuccess: () => {
      toast.success(t("blocked", { phone: formatPhone(phone) }));
      return invalidateBlockedNumbers(qc);
    },
    onError: (e) => {
      toastFailure(t("blockFailed"), e);
      // Already blocked elsewhere meanwhile (a 409): the list says so.
      return invalidateBlockedNumbers(qc);
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
