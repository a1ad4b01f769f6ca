import { localeParam } from "@/lib/platform/i18n/routing";
import { localeRedirect } from "@/lib/platform/i18n/server-navigation";

// /dashboard/users is the admin users page (which refuses non-admins itself).
export default async function UsersAlias({ params }: { params: Promise<{ locale: string }> }) {
  return localeRedirect(await localeParam(params), "/dashboard/admin/users");
}
