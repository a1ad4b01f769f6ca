import { z } from "zod";
import { json } from "@/lib/platform/http/route";
import { tryReadinessResponse, tryStepResponse } from "@/lib/receptionist/simulator/try-call.responses";
import { tryCall, tryReadiness } from "@/lib/receptionist/simulator/try-call";
import { handleCallEvent, type CallEvent } from "@/lib/receptionist/events/call-events";
import { ROLES } from "@/lib/platform/shared/roles";
import { route } from "@/lib/server/api-route";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

const trySchema = z.object({
  action: z.enum(["start", "say", "end"]),
  state: z.unknown().optional(),
  text: z.string().max(500).optional(),
  // Optional: the number the simulated caller calls from, as the owner typed it (read in the business's country).
  callerNumber: z.string().max(40).optional(),
});

/** Whether the owner can try their receptionist now, and what is missing otherwise. */
export const GET = route.owner({ roles: ROLES.frontDesk, response: { 200: tryReadinessResponse } }, async ({ ctx, auth }) =>
  json(await tryReadiness(ctx.db, auth.userId)),
);

/** One step of a test call: start, say, end (the page's hang-up, or its beacon when the page is left). */
export const POST = route.owner(
  { roles: ROLES.frontDesk, body: trySchema, response: { 200: tryStepResponse } },
  async ({ ctx, auth, input }) => {
    // A test call is the sandbox's, whatever answers the owner's real calls.
    const receptionist = { ...ctx.booking, sandbox: true };
    const deps = { db: ctx.db, now: ctx.booking.now, receptionist: (event: CallEvent) => handleCallEvent(receptionist, event) };
    return json(await tryCall(deps, auth.userId, input.body));
  },
);
