// Where a new owner stands in setting up: one path whichever way they signed up (registration, or the setup link a
// checkout emailed). Password, information and working hours, calendar, plan, number: each read from what it sets, so
// a setup left half-way resumes at the first step missing, on any device. The receptionist can take a call once the
// business has a number, a connected calendar and a live trial or subscription; until then the dashboard shows the
// checklist.
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { calendarConnections, phoneNumbers, subscriptions, users } from "@/db/schema";
import { AppError } from "@/lib/errors";
import { deriveSubscription } from "@/lib/subscriptions/subscription-status";

export const SETUP_STEPS = ["password", "information", "workingHours", "calendar", "phone"] as const;
export type SetupStep = (typeof SETUP_STEPS)[number];
/** The steps with nothing else to read them from: the owner says they are done. */
export const RECORDED_STEPS = ["information", "workingHours"] as const;
export type RecordedStep = (typeof RECORDED_STEPS)[number];

export type Onboarding = {
  done: Record<SetupStep, boolean>;
  /** Whether a trial or subscription is live: the number step starts the free trial first when not. */
  planLive: boolean;
  /** The first step not done, or null once every step is. */
  next: SetupStep | null;
  /** A number, a connected calendar and a live plan: calls are answered. */
  canTakeCalls: boolean;
};

export async function onboardingOf(db: Db, userId: string, now = new Date()): Promise<Onboarding> {
  const [user] = await db
    .select({ passwordHash: users.passwordHash, setupSteps: users.setupSteps })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!user) throw new AppError("not_found", "userNotFound");
  const [calendar] = await db
    .select({ userId: calendarConnections.userId })
    .from(calendarConnections)
    .where(and(eq(calendarConnections.userId, userId), isNull(calendarConnections.revokedAt)))
    .limit(1);
  const [line] = await db.select({ id: phoneNumbers.id }).from(phoneNumbers).where(eq(phoneNumbers.assignedToUserId, userId)).limit(1);
  const [billing] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).limit(1);
  const planLive = deriveSubscription(billing ?? null, now).subscription?.status === true;
  const done: Record<SetupStep, boolean> = {
    password: user.passwordHash !== null,
    information: user.setupSteps.includes("information"),
    workingHours: user.setupSteps.includes("workingHours"),
    calendar: !!calendar,
    phone: !!line,
  };
  return {
    done,
    planLive,
    next: SETUP_STEPS.find((s) => !done[s]) ?? null,
    canTakeCalls: done.phone && done.calendar && planLive,
  };
}

/** Records that the owner went through `step` (once; again is a no-op) and answers where they stand now. */
export async function completeSetupStep(db: Db, userId: string, step: RecordedStep): Promise<Onboarding> {
  await db
    .update(users)
    .set({ setupSteps: sql`${users.setupSteps} || ${JSON.stringify([step])}::jsonb` })
    .where(and(eq(users.id, userId), sql`not (${users.setupSteps} ? ${step})`));
  return onboardingOf(db, userId);
}
