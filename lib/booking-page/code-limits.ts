// How many codes the booking page texts, and to whom. Each code is a paid text, and a page that texts any number on
// request is what SMS pumping looks for; yet one busy script must not close the page to the practice's patients.
//  - Per client address and per number, the wait between codes grows step by step (spaced-limit.ts): a visitor who
//    mistyped their number waits seconds, a script asking again and again soon waits an hour for each code.
//  - Per practice, a day's codes past PAGE_CODES_PER_DAY go only to addresses that asked few codes today: the
//    addresses behind the flood are refused, a new visitor still gets a code. Past PAGE_CODES_CEILING the page texts
//    no one, which bounds what a flood from many addresses can cost.
//  - The owner is emailed when the page reaches its daily cap, once a day at most.
import { and, count, eq, gt, isNull, like, lt, or } from "drizzle-orm";
import { bookingPages, verificationCodes } from "@/db/schema";
import { takeSpacedAttempt, type SpacedKey, type Tx } from "@/lib/accounts/auth/spaced-limit";
import type { SecretBox } from "@/lib/platform/crypto/secret-box";
import { AppError } from "@/lib/platform/errors";
import { clock, DAY_MS, type BookingDeps } from "@/lib/scheduling/booking/core";
import { PAGE_CODE_PREFIX } from "./link";

const MINUTE_MS = 60_000;

/** Codes one practice's page texts in a day before it keeps its codes for addresses that asked few today. */
export const PAGE_CODES_PER_DAY = 200;
/** Codes one practice's page texts in a day at most, whoever asks. */
export const PAGE_CODES_CEILING = 5 * PAGE_CODES_PER_DAY;
/** Codes asked today from one address that make it one of a flood's, once the page is past its daily cap. */
export const FLOOD_ADDRESS_CODES = 3;

/**
 * One address on one practice's page (a household, an office or a carrier's shared address): two codes at once, then
 * 30 s, 1 min, 2 min … up to an hour. Two quiet hours start it afresh, so the many people behind one shared address are
 * not held back all day by what one of them did; a script that keeps asking keeps waiting an hour for each code.
 */
export const ADDRESS_SPACING = { free: 2, firstWaitMs: MINUTE_MS / 2, maxWaitMs: 60 * MINUTE_MS, forgetMs: 120 * MINUTE_MS } as const;
/** One number, whichever page and address ask: one code at once, then 30 s, 1 min, 2 min … up to an hour. */
export const NUMBER_SPACING = { free: 1, firstWaitMs: MINUTE_MS / 2, maxWaitMs: 60 * MINUTE_MS, forgetMs: DAY_MS } as const;

/**
 * The counters of this request. The number is kept as a keyed digest (the app's key): the counters table names no
 * patient, and its digests cannot be reversed by trying every number without the key.
 */
export function pageCodeKeys(secrets: SecretBox, userId: string, clientIp: string, phone: string): SpacedKey[] {
  const digest = secrets.digest("page-code-number", phone).slice(0, 32);
  return [
    { key: `page-code:ip:${userId}:${clientIp}`, ...ADDRESS_SPACING },
    { key: `page-code:number:${digest}`, ...NUMBER_SPACING },
  ];
}

/**
 * Takes this request's turn for a code from the practice's page, or refuses it with a 429 that says how long to wait
 * (Retry-After). Nothing is counted for a refused request.
 */
export async function takePageCodeTurn(deps: BookingDeps, userId: string, clientIp: string, phone: string): Promise<void> {
  const now = clock(deps);
  await deps.jobs.ready();
  await takeSpacedAttempt(
    deps.db,
    pageCodeKeys(deps.secrets, userId, clientIp, phone),
    "bookingCodeWait",
    now,
    async (tx, [fromAddress]) => {
      const today = await pageCodesToday(tx, userId, now);
      if (today < PAGE_CODES_PER_DAY) return null;
      await noticeAbuse(deps, tx, userId, now);
      if (today < PAGE_CODES_CEILING && fromAddress! < FLOOD_ADDRESS_CODES) return null;
      return new AppError("rate_limited", "bookingPageBusy", {}, { "retry-after": String(3600) });
    },
  );
}

async function pageCodesToday(tx: Tx, userId: string, now: Date): Promise<number> {
  const [today] = await tx
    .select({ n: count() })
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.userId, userId),
        like(verificationCodes.providerCallId, `${PAGE_CODE_PREFIX}%`),
        gt(verificationCodes.createdAt, new Date(now.getTime() - DAY_MS)),
      ),
    );
  return Number(today?.n ?? 0);
}

/** The owner's email about a flooded page, queued with the mark that keeps it to one a day (both, or neither). */
async function noticeAbuse(deps: BookingDeps, tx: Tx, userId: string, now: Date): Promise<void> {
  const [marked] = await tx
    .update(bookingPages)
    .set({ abuseNotifiedAt: now })
    .where(
      and(
        eq(bookingPages.userId, userId),
        or(isNull(bookingPages.abuseNotifiedAt), lt(bookingPages.abuseNotifiedAt, new Date(now.getTime() - DAY_MS))),
      ),
    )
    .returning({ userId: bookingPages.userId });
  if (marked) await deps.jobs.send("booking-page-abuse", { userId, at: now.toISOString() }, { tx });
}
