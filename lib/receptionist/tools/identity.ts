// Who a caller may act for, on a call: their caller ID, and any number they proved they hold with a one-time code texted
// to it (the phone an appointment was booked with, when they call from another phone or with the number hidden) or, when
// the owner turned it on, with the full name and date of birth of an upcoming appointment of that number. Finding, moving
// and cancelling an appointment only ever reach appointments booked with one of these numbers.
import { randomInt } from "node:crypto";
import { and, count, desc, eq, gt, isNotNull, lt, not, sql } from "drizzle-orm";
import { verificationCodes } from "@/db/schema";
import type { BookingDeps } from "@/lib/scheduling/booking/core";
import { upcomingForCaller } from "@/lib/scheduling/booking/commands";
import { isPageCode, PAGE_CODE_PREFIX } from "@/lib/booking-page/link";
import { safeEqual } from "@/lib/platform/crypto/tokens";
import { type JobData } from "@/lib/platform/jobs/queue";
import { loadBusinessContact } from "@/lib/accounts/business/contact";
import { translate } from "@/lib/platform/i18n/translate";
import type { DispatchDeps } from "@/lib/messaging/notifications/dispatch";
import { logger } from "@/lib/platform/log/logger";

/** How long a code works, how many wrong codes a call may try, and how many codes one call may have texted. */
export const CODE_TTL_MS = 10 * 60 * 1000;
export const MAX_CODE_ATTEMPTS = 5;
export const MAX_CODES_PER_CALL = 3;
/** A code with less than this left is not texted: it would arrive expired, or too late to be read back in time. */
export const MIN_CODE_LIFE_MS = 60 * 1000;
/** How many name-and-date-of-birth tries one call has, right or wrong. */
export const MAX_BIRTH_DATE_TRIES = 3;
/**
 * The same limits over every call in a day, per number at the business: calling again does not buy more guesses at a
 * patient's code or birth date, nor more texts to their phone.
 */
export const MAX_CODES_PER_NUMBER_PER_DAY = 5;
export const MAX_BIRTH_DATE_TRIES_PER_NUMBER_PER_DAY = 6;
const DAY_MS = 86_400_000;

type Call = { userId: string; providerCallId: string };

/** The texted codes of a call, or its name-and-date-of-birth tries. */
function codesOf(call: Call, method: "code" | "birthDate" = "code") {
  return and(
    eq(verificationCodes.userId, call.userId),
    eq(verificationCodes.providerCallId, call.providerCallId),
    eq(verificationCodes.method, method),
  );
}

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
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  await deps.jobs.ready();
  return deps.db.transaction(async (tx) => {
    await lockIdentity(tx, call, phone);
    const [ofCall] = await tx.select({ n: count() }).from(verificationCodes).where(codesOf(call));
    const [ofNumber] = await tx
      .select({ n: count() })
      .from(verificationCodes)
      .where(triesFor(call.userId, phone, "code", now, isPageCode(call.providerCallId)));
    if (Number(ofCall!.n) >= MAX_CODES_PER_CALL || Number(ofNumber!.n) >= MAX_CODES_PER_NUMBER_PER_DAY) return "limit";
    await tx
      .update(verificationCodes)
      .set({ expiresAt: now })
      .where(and(codesOf(call), gt(verificationCodes.expiresAt, now)));
    const [row] = await tx
      .insert(verificationCodes)
      .values({ ...call, phone, codeEnc: deps.secrets.seal(code), expiresAt: new Date(now.getTime() + CODE_TTL_MS), createdAt: now })
      .returning({ id: verificationCodes.id });
    if (deliver) await deps.jobs.send("verification-code", { codeId: row!.id, language }, { tx, fairShare: call.userId });
    return "sent";
  });
}

/**
 * Two calls (or two tool calls) about one number, or on one call, take their turn: each counts what came before it,
 * so no limit is passed by asking at the same moment.
 */
async function lockIdentity(tx: Pick<BookingDeps["db"], "execute">, call: Call, phone: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`identity-call:${call.userId}:${call.providerCallId}`}, 0))`);
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`identity-number:${call.userId}:${phone}`}, 0))`);
}

/**
 * The codes texted to (or the birth-date tries for) one number at one business over the last day, any call. The booking
 * page's codes count apart from calls': visits to the page never use up the codes a patient needs on the phone.
 */
function triesFor(userId: string, phone: string, method: "code" | "birthDate", now: Date, page = false) {
  const pageCodes = sql`${verificationCodes.providerCallId} like ${`${PAGE_CODE_PREFIX}%`}`;
  return and(
    eq(verificationCodes.userId, userId),
    eq(verificationCodes.phone, phone),
    eq(verificationCodes.method, method),
    gt(verificationCodes.createdAt, new Date(now.getTime() - DAY_MS)),
    page ? pageCodes : not(pageCodes),
  );
}

export type CodeCheck = { ok: true; phone: string } | { ok: false; reason: "none" | "wrong" | "tooMany" | "expired" };

/** Checks the code the caller read out against the last one texted on this call. */
export async function checkCode(deps: BookingDeps, call: Call, given: string): Promise<CodeCheck> {
  const now = deps.now ? deps.now() : new Date();
  const [last] = await deps.db.select().from(verificationCodes).where(codesOf(call)).orderBy(desc(verificationCodes.createdAt)).limit(1);
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

export type BirthDateCheck = "ok" | "wrong" | "tooMany";

/**
 * Checks a full name and date of birth against the upcoming appointments booked with `phone`; a match lets the call act
 * for that number. Every try is written down, right or wrong, and counted against the call and the number.
 * A number with nothing booked is simply "wrong": the answer never tells whether a number is a patient's.
 */
export async function checkBirthDate(
  deps: BookingDeps,
  call: Call,
  phone: string,
  name: string,
  birthDate: string,
): Promise<BirthDateCheck> {
  const now = deps.now ? deps.now() : new Date();
  return deps.db.transaction(async (tx) => {
    await lockIdentity(tx, call, phone);
    const [ofCall] = await tx.select({ n: count() }).from(verificationCodes).where(codesOf(call, "birthDate"));
    const [ofNumber] = await tx
      .select({ n: count() })
      .from(verificationCodes)
      .where(triesFor(call.userId, phone, "birthDate", now));
    const tries = Number(ofCall!.n);
    if (tries >= MAX_BIRTH_DATE_TRIES || Number(ofNumber!.n) >= MAX_BIRTH_DATE_TRIES_PER_NUMBER_PER_DAY) return "tooMany";
    const wanted = nameKey(name);
    const match = (await upcomingForCaller({ ...deps, db: tx }, call.userId, phone)).some(
      (a) => a.patientBirthDate === birthDate && nameKey(a.patientName) === wanted,
    );
    await tx.insert(verificationCodes).values({
      ...call,
      phone,
      method: "birthDate",
      codeEnc: "",
      attempts: 1,
      expiresAt: now,
      verifiedAt: match ? now : null,
      createdAt: now,
    });
    if (match) return "ok";
    return tries + 1 >= MAX_BIRTH_DATE_TRIES ? "tooMany" : "wrong";
  });
}

/**
 * A name as said and as booked compare equal whatever the case, accents, punctuation and order of the words ("DUPONT
 * Marie-Hélène" and "marie helene dupont"): callers often give the family name first.
 */
export function nameKey(name: string): string {
  return name
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .sort()
    .join(" ");
}

/** The job that texts a code: from the business's line, in the call's words, never logged in clear by a real provider. */
export async function sendVerificationCode(
  booking: BookingDeps,
  dispatch: DispatchDeps,
  data: JobData["verification-code"],
): Promise<void> {
  const [row] = await booking.db.select().from(verificationCodes).where(eq(verificationCodes.id, data.codeId)).limit(1);
  const now = booking.now ? booking.now() : new Date();
  if (!row || row.verifiedAt || !row.codeEnc) return;
  if (row.expiresAt.getTime() - now.getTime() < MIN_CODE_LIFE_MS) {
    // The queue was too slow for this one (or a newer code replaced it): the caller asks again. Why, never who.
    logger().info({ reason: row.expiresAt <= now ? "expired" : "expiresTooSoon" }, "verification code not texted");
    return;
  }
  const biz = await loadBusinessContact(booking.db, row.userId);
  if (!biz?.line) return;
  const code = booking.secrets.open(row.codeEnc);
  // A code asked for on the booking page is not about a call: its words say so.
  const key = isPageCode(row.providerCallId) ? "Notifications.bookingPageCode" : "Notifications.verificationCode";
  const text = translate(data.language ?? biz.locale, key, { business: biz.businessName, code });
  await dispatch.sms.send({
    userId: biz.userId,
    to: row.phone,
    from: biz.line,
    text,
    oneTimeCode: { plain: code, sealed: row.codeEnc },
    dedupeKey: `verification:${row.id}`,
  });
}
