// Where a new owner stands in setting up: one path whichever way they signed up (registration, or the setup link a
// checkout emailed). Each step is done once it has been gone through, recorded when it happens (`setup_steps`) or read
// from what it sets (a password): a setup left half-way resumes at the first step never done, on any device, and an
// owner whose calendar grant later lapses is not sent back into the setup. What the receptionist needs now is read
// from the rows themselves: it can take a call with a number, a connected calendar and a live trial or subscription;
// until then the dashboard shows the checklist.
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { calendarConnections, phoneNumbers, subscriptions, users } from "@/db/schema";
import { AppError } from "@/lib/platform/errors";
import { deriveSubscription } from "@/lib/accounts/subscriptions/subscription-status";

export const SETUP_STEPS = ["password", "information", "workingHours", "calendar", "phone"] as const;
export type SetupStep = (typeof SETUP_STEPS)[number];
/** The steps the owner says they went through: nothing else records them. */
export const RECORDED_STEPS = ["information", "workingHours"] as const;
export type RecordedStep = (typeof RECORDED_STEPS)[number];

export type Onboarding = {
  /** Each step, gone through once. */
  done: Record<SetupStep, boolean>;
  /** What calls need now: a connected calendar, a number, a live trial or subscription. */
  ready: { calendar: boolean; phone: boolean; plan: boolean };
  /** Whether a trial or subscription is live: the number step starts the free trial first when none ever was. */
  planLive: boolean;
  /** Whether the account ever had a trial or subscription (one ended is renewed on the Subscription page, not here). */
  planStarted: boolean;
  /** The first step never done, or null once every step was. */
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
  const ready = { calendar: !!calendar, phone: !!line, plan: planLive };
  const done: Record<SetupStep, boolean> = {
    password: user.passwordHash !== null,
    information: user.setupSteps.includes("information"),
    workingHours: user.setupSteps.includes("workingHours"),
    calendar: ready.calendar || user.setupSteps.includes("calendar"),
    phone: ready.phone || user.setupSteps.includes("phone"),
  };
  return {
    done,
    ready,
    planLive,
    planStarted: !!billing,
    next: SETUP_STEPS.find((s) => !done[s]) ?? null,
    canTakeCalls: ready.calendar && ready.phone && ready.plan,
  };
}

/** Records that the owner went through `step` (once; again is a no-op). */
export async function markSetupStep(db: Pick<Db, "update">, userId: string, step: Exclude<SetupStep, "password">): Promise<void> {
  await db
    .update(users)
    .set({ setupSteps: sql`${users.setupSteps} || ${JSON.stringify([step])}::jsonb` })
    .where(and(eq(users.id, userId), sql`not (${users.setupSteps} ? ${step})`));
}

/** The owner went through a step with nothing else to record it; where they stand now. */
export async function completeSetupStep(db: Db, userId: string, step: RecordedStep): Promise<Onboarding> {
  await markSetupStep(db, userId, step);
  return onboardingOf(db, userId);
}
