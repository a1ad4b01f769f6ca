"use client";
// How the admin pages name a user and their account's state: the table's rows and the settings dialog share them.
import { useTranslations } from "next-intl";
import type { Profile } from "@/lib/accounts/account/profile";
import { Badge } from "../ui";

/** Who the account is, for a sentence: its name, or its email while it has none (an account nobody set up yet). */
export const nameOf = (u: Pick<Profile, "fullName" | "email">) => u.fullName.trim() || u.email;

/**
 * Active or Inactive (the admin's switch); an account a checkout created and nobody set up yet is neither: it waits for
 * its owner to open the emailed link.
 */
export function UserStatus({ user, testId }: { user: Pick<Profile, "isActive" | "setUp">; testId?: string }) {
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
