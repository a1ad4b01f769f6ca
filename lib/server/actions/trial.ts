"use server";
// The landing page's "Start free trial" for a signed-in account that never had one, as a form the page posts with no
// JavaScript of its own: the same trial start as POST /api/subscription/start-trial, then the subscription page that
// shows it. A trial used already goes there too (the page offers the upgrade); anything else comes back to the pricing
// section, which says the trial could not be started.
import { redirect } from "next/navigation";
import { startTrial } from "@/lib/billing/trial";
import { AppError } from "@/lib/platform/errors";
import { localizedPath } from "@/lib/platform/i18n/paths";
import { defaultLocale, isLocale } from "@/lib/platform/i18n/routing";
import { logger } from "@/lib/platform/log/logger";
import { appContext } from "@/lib/server/context";
import { getCurrentSession } from "@/lib/server/current-user";

// What the landing page reads (?trial=failed) to say that the trial did not start.
const TRIAL_FAILED_QUERY = "trial=failed";

export async function startTrialFromLanding(form: FormData): Promise<void> {
  const asked = form.get("locale");
  const locale = isLocale(asked) ? asked : defaultLocale;
  const session = await getCurrentSession();
  if (!session) redirect(localizedPath(locale, "/login"));
  // The plan is the owner's: a member signed in goes to their dashboard, where the owner's subscription is not theirs.
  if (session.practiceRole !== "owner") redirect(localizedPath(locale, "/dashboard"));
  let started = true;
  try {
    await startTrial(appContext().db, session.userId);
  } catch (e) {
    if (!(e instanceof AppError && e.messageKey === "trialAlreadyUsed")) {
      logger().error({ name: (e as Error).name }, "trial start from the landing page failed");
      started = false;
    }
  }
  redirect(started ? localizedPath(locale, "/dashboard/subscription") : `${localizedPath(locale, "/")}?${TRIAL_FAILED_QUERY}#pricing`);
}
