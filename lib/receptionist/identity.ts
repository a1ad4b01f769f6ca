// Who a caller may act for, on a call: their caller ID, and any number they proved they hold with a one-time code texted
// to it (the phone an appointment was booked with, when they call from another phone or with the number hidden). Finding,
// moving and cancelling an appointment only ever reach appointments booked with one of these numbers.
import { randomInt } from "node:crypto";
import { and, desc, eq, gt, isNotNull, lt, sql } from "drizzle-orm";
import { verificationCodes } from "@/db/schema";
import type { BookingDeps } from "@/lib/booking/core";
import { safeEqual } from "@/lib/crypto/tokens";
import { JOB, type JobData } from "@/lib/jobs/queue";
import { loadBusinessContact } from "@/lib/business/contact";
import { translate } from "@/lib/i18n/translate";
import type { DispatchDeps } from "@/lib/notifications/dispatch";

/** How long a code works, how many wrong codes a call may try, and how many codes one call may have texted. */
export const CODE_TTL_MS = 10 * 60 * 1000;
export const MAX_CODE_ATTEMPTS = 5;
export const MAX_CODES_PER_CALL = 3;

type Call = { userId: string; providerCallId: string };

/** The caller ID, then every number this call proved it holds. */
export async function identitiesOf(deps: BookingDeps, call: Call, callerNumber: string | null): Promise<string[]> {
  const verified = await deps.db
    .select({ phone: verificationCodes.phone })
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.userId, call.userId),
        eq(verificationCodes.providerCallId, call.providerCallId),
        isNotNull(verificationCodes.verifiedAt),
      ),
    );
  return [...new Set([...(callerNumber ? [callerNumber] : []), ...verified.map((v) => v.phone)])];
}

/**
 * Texts a fresh six-digit code to `phone` (by a job, from the business's line). "limit" once the call has had its
 * codes; older codes of the call stop working, so only the last one texted counts. With `deliver` false (a number with
 * nothing booked here) the code is made and counted all the same but never texted: whatever the caller reads back is
 * then simply wrong, so neither the answer nor the next one tells them whether that number is a patient's.
 */
export async function sendCode(
  deps: BookingDeps,
  call: Call,
  phone: string,
  language: "en" | "fr" | "es",
  deliver = true,
): Promise<"sent" | "limit"> {
  const now = deps.now ? deps.now() : new Date();
  const earlier = await deps.db
    .select({ id: verificationCodes.id })
    .from(verificationCodes)
    .where(and(eq(verificationCodes.userId, call.userId), eq(verificationCodes.providerCallId, call.providerCallId)));
  if (earlier.length >= MAX_CODES_PER_CALL) return "limit";
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  await deps.jobs.ready();
  await deps.db.transaction(async (tx) => {
    await tx
      .update(verificationCodes)
      .set({ expiresAt: now })
      .where(
        and(
          eq(verificationCodes.userId, call.userId),
          eq(verificationCodes.providerCallId, call.providerCallId),
          gt(verificationCodes.expiresAt, now),
        ),
      );
    const [row] = await tx
      .insert(verificationCodes)
      .values({ ...call, phone, codeEnc: deps.secrets.seal(code), expiresAt: new Date(now.getTime() + CODE_TTL_MS) })
      .returning({ id: verificationCodes.id });
    if (deliver) await deps.jobs.send(JOB.verificationCode, { codeId: row!.id, language }, { tx });
  });
  return "sent";
}

export type CodeCheck = { ok: true; phone: string } | { ok: false; reason: "none" | "wrong" | "tooMany" | "expired" };

/** Checks the code the caller read out against the last one texted on this call. */
export async function checkCode(deps: BookingDeps, call: Call, given: string): Promise<CodeCheck> {
  const now = deps.now ? deps.now() : new Date();
  const [last] = await deps.db
    .select()
    .from(verificationCodes)
    .where(and(eq(verificationCodes.userId, call.userId), eq(verificationCodes.providerCallId, call.providerCallId)))
    .orderBy(desc(verificationCodes.createdAt))
    .limit(1);
  if (!last) return { ok: false, reason: "none" };
  if (last.verifiedAt) return { ok: true, phone: last.phone };
  if (last.attempts >= MAX_CODE_ATTEMPTS) return { ok: false, reason: "tooMany" };
  if (last.expiresAt <= now) return { ok: false, reason: "expired" };
  const digits = given.replace(/\D/g, "");
  // Counted first, in one statement: two guesses at once are two attempts, and none past the limit is compared.
  const [counted] = await deps.db
    .update(verificationCodes)
    .set({ attempts: sql`${verificationCodes.attempts} + 1` })
    .where(and(eq(verificationCodes.id, last.id), lt(verificationCodes.attempts, MAX_CODE_ATTEMPTS)))
    .returning({ attempts: verificationCodes.attempts });
  if (!counted) return { ok: false, reason: "tooMany" };
  if (digits.length === 6 && safeEqual(digits, deps.secrets.open(last.codeEnc))) {
    // Used: the call now acts for this number, and the code itself is not kept.
    await deps.db.update(verificationCodes).set({ verifiedAt: now, codeEnc: "" }).where(eq(verificationCodes.id, last.id));
    return { ok: true, phone: last.phone };
  }
  return { ok: false, reason: counted.attempts >= MAX_CODE_ATTEMPTS ? "tooMany" : "wrong" };
}

/** The job that texts a code: from the business's line, in the call's words, never logged in clear by a real provider. */
export async function sendVerificationCode(
  booking: BookingDeps,
  dispatch: DispatchDeps,
  data: JobData["verification-code"],
): Promise<void> {
  const [row] = await booking.db.select().from(verificationCodes).where(eq(verificationCodes.id, data.codeId)).limit(1);
  const now = booking.now ? booking.now() : new Date();
  if (!row || row.verifiedAt || row.expiresAt <= now || !row.codeEnc) return;
  const biz = await loadBusinessContact(booking.db, row.userId);
  if (!biz?.line) return;
  const code = booking.secrets.open(row.codeEnc);
  const text = translate(data.language ?? biz.locale, "Notifications.verificationCode", { business: biz.businessName, code });
  await dispatch.sms.send({ userId: biz.userId, to: row.phone, from: biz.line, text, redact: [code], dedupeKey: `verification:${row.id}` });
}
