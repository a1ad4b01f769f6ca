import { env } from "@/lib/platform/env";
import { json } from "@/lib/platform/http/route";
import { recallsSentResponse } from "@/lib/recall/recall.responses";
import { sendDueRecalls } from "@/lib/recall/recall-sweep";
import { providerModes } from "@/lib/vendors/registry";
import { ROLES } from "@/lib/platform/shared/roles";
import { route } from "@/lib/server/api-route";

export const runtime = "nodejs";

/**
 * Sandbox only: the recall sweep's work for this business now, rather than at its next run in office hours. The same
 * function the sweep runs for each business, so the same callers are texted, once.
 */
export const POST = route.owner(
  { roles: ROLES.frontDesk, available: () => providerModes(env()).sms === "sandbox", response: { 200: recallsSentResponse } },
  async ({ ctx, auth }) => json({ texted: await sendDueRecalls(ctx.booking, auth.userId) }),
);
