import type { Locale } from "@/lib/i18n/routing";
import { localeRedirect } from "@/lib/i18n/server-navigation";

// /dashboard goes to the profile.
export default async function DashboardIndex({ params }: { params: Promise<{ locale: string }> }) {
  return localeRedirect((await params).locale as Locale, "/dashboard/profile");
}
