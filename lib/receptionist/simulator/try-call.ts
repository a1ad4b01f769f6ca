// "Try your receptionist": the owner plays the caller against their own configuration. The sandbox conversation engine
// tells the receptionist about the call in the same events a voice platform's calls become, in-process, on the owner's
// own line; the conversation state travels with the browser and is checked on every turn (it must be one of this
// owner's test calls, on this owner's line).
import { and, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { calls, users } from "@/db/schema";
import { noteCallActivity } from "@/lib/receptionist/calls/abandoned";
import { TRY_CALL_PREFIX } from "@/lib/receptionist/calls/try-calls";
import { randomToken } from "@/lib/platform/crypto/tokens";
import { AppError } from "@/lib/platform/errors";
import { countryOfBusiness, requirePhone, type CountryCode } from "@/lib/platform/phone/phone";
import { loadBusiness, type Business } from "@/lib/accounts/business/business";
import { callerSays, endCall, parseSimState, startCall, type SimState, type Transport } from "./simulator";
import { keyParam } from "@/lib/platform/message-param";

/**
 * `receptionist` answers the call's events as it answers a real call's (handleCallEvent, its calls kept apart as the
 * sandbox's).
 */
export type TryDeps = { db: Db; now?: () => Date; receptionist: Transport };

export type TryInput = { action: "start" | "say" | "end"; state?: unknown; text?: string; callerNumber?: string };
export type TryAnswer = {
  state: SimState;
  reply: string;
  ended: boolean;
  language: SimState["language"];
  line: string;
  /** The number the simulated caller calls from (E.164). */
  caller: string;
};

/** What an owner still has to do before the receptionist can take a test call, in the order to do it. */
export type TryStep = "account" | "calendar" | "subscription" | "number";
export type TryReadiness = { ready: boolean; missing: TryStep[] };

// The API's answer (409) for the first step missing: the same sentence the page shows beside its link.
const STEP_ERROR: Record<TryStep, string> = {
  account: "tryAccountInactive",
  calendar: "tryNeedsCalendar",
  subscription: "tryNeedsSubscription",
  number: "noNumberToTry",
};

/**
 * The receptionist books only for an active account with a live trial or subscription, into a connected calendar, and
 * a call needs the owner's line: the same facts the webhook reads when a call comes in (loadBusiness).
 */
function readinessOf(biz: Business | null, isActive: boolean): TryReadiness {
  const missing: TryStep[] = [];
  if (!isActive) missing.push("account");
  if (!biz?.calendarConnected) missing.push("calendar");
  if (isActive && !biz?.entitled) missing.push("subscription");
  if (!biz?.line) missing.push("number");
  return { ready: missing.length === 0, missing };
}

async function loadOwner(db: Db, userId: string, now: Date): Promise<{ biz: Business | null; readiness: TryReadiness }> {
  const [account] = await db.select({ isActive: users.isActive }).from(users).where(eq(users.id, userId)).limit(1);
  if (!account) throw new AppError("not_found", "userNotFound");
  const biz = await loadBusiness(db, userId, now);
  return { biz, readiness: readinessOf(biz, account.isActive) };
}

export async function tryReadiness(db: Db, userId: string, now = new Date()): Promise<TryReadiness> {
  return (await loadOwner(db, userId, now)).readiness;
}

/**
 * What the Try page opens with: what is still missing, and the business's own words for the suggested phrases (its type,
 * its practitioners in the practice's order, its services, else those its practitioners list).
 */
export async function tryPage(
  db: Db,
  userId: string,
  now = new Date(),
): Promise<{ readiness: TryReadiness; business: { type: string | null; practitioners: string[]; services: string[] } }> {
  const { biz, readiness } = await loadOwner(db, userId, now);
  const practitioners = biz?.practitioners ?? [];
  const services = biz?.services.length ? biz.services : practitioners.flatMap((p) => p.services.map((x) => x.name));
  return {
    readiness,
    business: {
      type: biz?.businessType ?? null,
      practitioners: practitioners.map((p) => p.name),
      services: [...new Set(services)].slice(0, 20),
    },
  };
}

/**
 * The simulated caller's default number: one that should never ring anyone, from a range set aside for fiction. In the
 * North American plan 555-0100 to 555-0199 is reserved for fictional use (0142 is outside the sandbox pool's
 * 0100-0129). For France, 06 39 98 xx xx, the mobile block commonly cited as the one ARCEP keeps for films and fiction.
 * Elsewhere (Spain has no such range we know of) the North American one: a foreign number, but nobody's.
 */
export const FICTIONAL_CALLERS: Partial<Record<CountryCode, string>> = { US: "+12125550142", CA: "+14165550142", FR: "+33639980142" };

export function fictionalCaller(region: CountryCode): string {
  return FICTIONAL_CALLERS[region] ?? FICTIONAL_CALLERS.US!;
}

/** A state sent back by the browser: well-formed and one of this owner's own test calls. */
function ownState(value: unknown, userId: string): SimState {
  const state = parseSimState(value);
  if (!state || !state.callId.startsWith(`${TRY_CALL_PREFIX}${userId}-`)) throw new AppError("bad_request", "tryStateInvalid");
  return state;
}

/** The call as the log has it: who the caller is comes from here, never from the browser's copy of the state. */
async function callRow(db: Db, userId: string, providerCallId: string) {
  const [row] = await db
    .select({ fromNumber: calls.fromNumber, toNumber: calls.toNumber, status: calls.status })
    .from(calls)
    .where(and(eq(calls.providerCallId, providerCallId), eq(calls.userId, userId)))
    .limit(1);
  if (!row) throw new AppError("bad_request", "tryStateInvalid");
  return row;
}

export async function tryCall(deps: TryDeps, userId: string, input: TryInput): Promise<TryAnswer> {
  const now = deps.now ? deps.now() : new Date();
  const transport = deps.receptionist;
  const answer = (r: { state: SimState; reply: string; ended: boolean }): TryAnswer => ({
    ...r,
    language: r.state.language,
    line: r.state.line,
    caller: r.state.caller,
  });

  if (input.action === "end") {
    // Hanging up always works, even once the owner is no longer ready (a number released mid-call): the call must end.
    const state = ownState(input.state, userId);
    const row = await callRow(deps.db, userId, state.callId);
    // The line and the caller come from the call log, never from the browser: the end-of-call report is filed under
    // the business that holds the line it names, so a forged line would put this call in another business's log.
    if (!row.toNumber) throw new AppError("bad_request", "tryStateInvalid");
    state.line = row.toNumber;
    if (row.fromNumber) state.caller = row.fromNumber;
    // A call the sweep already ended as abandoned still gets its report: the transcript and summary fill it in.
    if (state.stage !== "ended") await endCall(transport, state, now);
    return answer({ state, reply: "", ended: true });
  }

  const { biz, readiness } = await loadOwner(deps.db, userId, now);
  if (!readiness.ready || !biz?.line) throw new AppError("conflict", STEP_ERROR[readiness.missing[0] ?? "number"]);
  // The business's country: where a number typed without its country code is read, and where the caller is from.
  const region = countryOfBusiness(biz);

  if (input.action === "start") {
    // The caller is a fictional number unless the owner typed one: a test call never books for, or texts, the owner
    // (their own phone is the business's, not a caller's) or anyone they did not choose.
    const caller = requirePhone(input.callerNumber, region) ?? fictionalCaller(region);
    return answer(await startCall(transport, { line: biz.line, caller, callId: `${TRY_CALL_PREFIX}${userId}-${randomToken(9)}`, now }));
  }

  const state = ownState(input.state, userId);
  if (state.line !== biz.line || state.stage === "ended") throw new AppError("bad_request", "tryStateInvalid");
  const row = await callRow(deps.db, userId, state.callId);
  // The caller chosen at the start, whatever the browser sends back.
  state.caller = row.fromNumber ?? fictionalCaller(region);
  if (row.status === "ended") {
    // Ended meanwhile (no word for 30 minutes, or hung up from another tab): the page shows the call as over.
    state.stage = "ended";
    return answer({ state, reply: "", ended: true });
  }
  const text = (input.text ?? "").trim();
  if (!text) throw new AppError("bad_request", "Validation.required", { field: keyParam("Fields.message") });
  await noteCallActivity(deps.db, state.callId, now);
  return answer(await callerSays(transport, state, text, now));
}
