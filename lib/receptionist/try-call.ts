// "Try your receptionist": the owner plays the caller against their own configuration. The sandbox conversation engine
// drives the same handler Vapi's server URL runs, in-process, on the owner's own line; the conversation state travels
// with the browser and is checked on every turn (it must be one of this owner's test calls, on this owner's line).
import { eq } from "drizzle-orm";
import { phoneNumbers, users } from "@/db/schema";
import { randomToken } from "@/lib/crypto/tokens";
import { AppError } from "@/lib/errors";
import { normalizePhone } from "./phone";
import { callerSays, endCall, parseSimState, startCall, type SimState, type Transport } from "./simulator";
import { handleVapiMessage, type VapiDeps } from "./webhook";

export type TryInput = { action: "start" | "say" | "end"; state?: unknown; text?: string };
export type TryAnswer = { state: SimState; reply: string; ended: boolean; language: SimState["language"]; line: string };

/** A fictional caller number (555-01xx is reserved for fiction) when the owner has no phone on their profile. */
const FICTIONAL_CALLER = "+12125550142";

export async function tryCall(deps: VapiDeps, userId: string, input: TryInput): Promise<TryAnswer> {
  const [owner] = await deps.db
    .select({ phone: users.phone, line: phoneNumbers.phoneNumber })
    .from(users)
    .leftJoin(phoneNumbers, eq(phoneNumbers.assignedToUserId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  if (!owner?.line) throw new AppError("conflict", "noNumberToTry");
  const line = owner.line;
  const transport: Transport = (payload) => handleVapiMessage(deps, payload);
  const answer = (r: { state: SimState; reply: string; ended: boolean }): TryAnswer => ({ ...r, language: r.state.language, line });

  // The caller is always the owner (their own phone, else a fictional number), whatever the browser sends back: a test
  // call never books for, or texts, someone else.
  const ownPhone = normalizePhone(owner.phone);
  const caller = ownPhone?.startsWith("+") ? ownPhone : FICTIONAL_CALLER;
  if (input.action === "start") {
    return answer(await startCall(transport, { line, caller, callId: `try-${userId}-${randomToken(9)}` }));
  }
  const state = parseSimState(input.state);
  if (!state || !state.callId.startsWith(`try-${userId}-`) || state.line !== line) {
    throw new AppError("bad_request", "tryStateInvalid");
  }
  state.caller = caller;
  if (input.action === "end") {
    if (state.stage !== "ended") await endCall(transport, state);
    return answer({ state, reply: "", ended: true });
  }
  if (state.stage === "ended") throw new AppError("bad_request", "tryStateInvalid");
  const text = (input.text ?? "").trim();
  if (!text) throw new AppError("bad_request", "Validation.required", { field: "@Fields.message" });
  return answer(await callerSays(transport, state, text));
}
