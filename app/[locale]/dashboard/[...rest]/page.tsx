import { localeParam } from "@/lib/platform/i18n/routing";
import { localeRedirect } from "@/lib/platform/i18n/server-navigation";

// Any unknown dashboard sub-route goes to the home, Today.
export default async function UnknownDashboardRoute({ params }: { params: Promise<{ locale: string }> }) {
  return localeRedirect(await localeParam(params), "/dashboard");
}
