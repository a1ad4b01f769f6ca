import { env } from "@/lib/platform/env";
import { json } from "@/lib/platform/http/route";
import { ROLES } from "@/lib/platform/shared/roles";
import { sandboxReminderRunResponse } from "@/lib/receptionist/outbound/reminder-calls.responses";
import { sandboxReminderRunSchema } from "@/lib/receptionist/outbound/reminder-calls.schemas";
import { runReminderCalls } from "@/lib/receptionist/outbound/reminder-calls";
import { providerModes } from "@/lib/vendors/registry";
import { route } from "@/lib/server/api-route";

export const runtime = "nodejs";

/**
 * Sandbox only: the reminder-call sweep's work for this practice as at `at` (now when left out), rather than at its next
 * run. The same function the sweep runs; the sandbox's callees answer by their number's last digit.
 */
export const POST = route.owner(
  {
    roles: ROLES.managers,
    available: () => providerModes(env()).voice === "sandbox",
    body: sandboxReminderRunSchema,
    response: { 200: sandboxReminderRunResponse },
  },
  async ({ ctx, auth, input }) => {
    const at = input.body.at ? new Date(input.body.at) : null;
    return json(await runReminderCalls(ctx.reminderCalls(at ? () => at : undefined), { userId: auth.userId }));
  },
);
