// The receptionist's own report of an unwanted call (report_spam): a recorded robocall, a sales pitch to the business,
// other spam. The call is screened with that reason, so it counts nowhere (lib/receptionist/calls/try-calls.ts
// countedCall) and is listed apart, and the caller hears goodbye; the platform then ends the call (the tool's closing
// line ends it: lib/vendors/vapi/assistant.ts).
import { and, eq, sql } from "drizzle-orm";
import { calls, SPAM_KINDS } from "@/db/schema";
import type { BookingDeps } from "@/lib/scheduling/booking/core";
import { ensureCall } from "../calls/call-log";
import type { Say } from "../speech/speech";

export type SpamKind = (typeof SPAM_KINDS)[number];

/** The kind the model gave, or plain "spam" for anything else. */
export function spamKind(value: unknown): SpamKind {
  return SPAM_KINDS.find((k) => k === value) ?? "spam";
}

/**
 * Screens the call with the reason given; the platform then says the tool's goodbye and hangs up. A
 * call that already achieved something for its caller (a booking, a change, a message taken) was a real caller's,
 * whatever the model says now: it stays counted, and the answer is a refusal (the platform says its failure line
 * rather than the goodbye) whose words carry the conversation on. A call already screened keeps its first reason (a
 * blocked caller stays "blocked").
 */
export async function reportSpam(
  ctx: { deps: Pick<BookingDeps, "db">; biz: { userId: string }; providerCallId: string },
  say: Say,
  kind: SpamKind,
): Promise<{ screened: true } | { kept: string }> {
  const { db } = ctx.deps;
  if (!(await ensureCall(db, ctx.providerCallId, ctx.biz.userId))) return { screened: true };
  const [call] = await db
    .update(calls)
    .set({ screening: sql`coalesce(${calls.screening}, ${kind})`, updatedAt: new Date() })
    .where(and(eq(calls.providerCallId, ctx.providerCallId), eq(calls.userId, ctx.biz.userId), eq(calls.outcome, "no_action")))
    .returning({ id: calls.id });
  return call ? { screened: true } : { kept: say("spamKept") };
}
