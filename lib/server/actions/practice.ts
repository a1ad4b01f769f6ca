"use server";
// The header's practice switcher, as forms the dashboard posts with no JavaScript of its own: the same switch as
// PUT /api/practices/current, then the home of the practice now worked in (its navigation is its role's there).
import { redirect } from "next/navigation";
import { switchPractice } from "@/lib/accounts/members/members.service";
import { AppError } from "@/lib/platform/errors";
import { localizedPath } from "@/lib/platform/i18n/paths";
import { defaultLocale, isLocale } from "@/lib/platform/i18n/routing";
import { appContext } from "@/lib/server/context";
import { getCurrentSession } from "@/lib/server/current-user";

export async function switchPracticeFromHeader(form: FormData): Promise<void> {
  const asked = form.get("locale");
  const locale = isLocale(asked) ? asked : defaultLocale;
  const businessId = form.get("businessId");
  const session = await getCurrentSession();
  if (!session) redirect(localizedPath(locale, "/login?expired=true"));
  try {
    if (typeof businessId === "string") await switchPractice(appContext().db, session, businessId);
  } catch (e) {
    // A practice the person was removed from meanwhile: they stay where they are.
    if (!(e instanceof AppError)) throw e;
  }
  redirect(localizedPath(locale, "/dashboard"));
}
