import { onboardingResponse } from "@/lib/accounts/account/accounts.responses";
import { setupStepSchema } from "@/lib/accounts/account/accounts.schemas";
import { completeSetupStep, onboardingOf } from "@/lib/accounts/account/onboarding";
import { json } from "@/lib/platform/http/route";
import { ROLES } from "@/lib/platform/shared/roles";
import { route } from "@/lib/server/api-route";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** Where the owner stands in setting up: each step done or not, the next one, and whether calls are answered yet. */
export const GET = route.owner(
  {
    roles: ROLES.owner,
    response: { 200: onboardingResponse },
    description: "The setup steps done, the next one, and whether the receptionist takes calls yet.",
  },
  async ({ ctx, auth }) => json(await onboardingOf(ctx.db, auth.userId)),
);

/** The owner went through a step that leaves nothing else to read it from (their information, their working hours). */
export const POST = route.owner(
  {
    roles: ROLES.owner,
    body: setupStepSchema,
    response: { 200: onboardingResponse },
    description: "Records a setup step as gone through; again is a no-op.",
  },
  async ({ ctx, auth, input }) => json(await completeSetupStep(ctx.db, auth.userId, input.body.step)),
);
