// Where "Start free trial" goes: the billing provider's hosted checkout (spec §7: prefilled_email and
// client_reference_id for a signed-in user), or the sandbox checkout page when no provider is configured.
import type { Profile } from "@/lib/accounts/accounts.repository";
import type { Locale } from "@/lib/i18n/routing";
import { localizedPath } from "@/lib/i18n/server-navigation";
import { appContext } from "./context";

export async function checkoutHref(user: Pick<Profile, "id" | "email"> | null, locale: Locale): Promise<string> {
  try {
    return await appContext().providers.billing.checkoutUrl({ email: user?.email ?? null, userId: user?.id ?? null });
  } catch {
    // A configured provider whose adapter cannot answer: registration still starts a trial without a card.
    return localizedPath(locale, "/register");
  }
}
